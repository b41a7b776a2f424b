/** /specializations: the nine specialisations and a button to /contact (SPEC 2.4). */
import { CheckList, CtaBanner, IconBadge, PageHero, Section, SPECIALISATION_DETAILS, useDocumentTitle } from '../../site'

export default function SpecialisationsPage() {
  useDocumentTitle('Our Specialisations')
  return (
    <>
      <PageHero
        eyebrow="Specialisations"
        title="Nine technology specialisations, one expert team"
        lead="Each of our practices is led by consultants who know the field, the people in it and the skills that make the difference."
      />
      <Section labelledBy="spec-list-heading" title="Specialisations" hideTitle>
        <ul className="grid grid-3 card-list">
          {SPECIALISATION_DETAILS.map((s) => (
            <li key={s.name} className="card">
              <IconBadge>{s.abbr}</IconBadge>
              <h3>{s.name}</h3>
              <p>{s.summary}</p>
              <CheckList items={s.roles} />
            </li>
          ))}
        </ul>
      </Section>
      <CtaBanner
        title="Can't see your field?"
        text="Our network is broad. Tell us what you're looking for and we'll let you know how we can help."
        links={[{ to: '/contact', label: 'Talk to a Specialist' }]}
      />
    </>
  )
}
