/** /specializations: the nine specialisations and a button to /contact (SPEC 2.4). */
import { Link } from 'react-router'
import { CtaBanner, PageHero, SPECIALISATION_DETAILS, useDocumentTitle } from '../../site'

export default function SpecialisationsPage() {
  useDocumentTitle('Our Specialisations')
  return (
    <>
      <PageHero
        eyebrow="Specialisations"
        title="Nine technology specialisations, one expert team"
        lead="Each of our practices is led by consultants who know the field, the people in it and the skills that make the difference."
      />
      <section className="section" aria-labelledby="spec-list-heading">
        <div className="container">
          <h2 id="spec-list-heading" className="visually-hidden">
            Specialisations
          </h2>
          <ul className="grid grid-3 card-list">
            {SPECIALISATION_DETAILS.map((s) => (
              <li key={s.name} className="card">
                <span className="icon-badge" aria-hidden="true">
                  {s.abbr}
                </span>
                <h3>{s.name}</h3>
                <p>{s.summary}</p>
                <ul className="check-list">
                  {s.roles.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <CtaBanner title="Can't see your field?" text="Our network is broad. Tell us what you're looking for and we'll let you know how we can help.">
        <Link to="/contact" className="btn btn-light">
          Talk to a Specialist
        </Link>
      </CtaBanner>
    </>
  )
}
