/** /about: mission, vision, values, sections for job seekers and employers, call to action (SPEC 2.4). */
import { Link } from 'react-router'
import { CardGrid, ClaimStats, COMPANY, CtaBanner, PageHero, Section, SectionText, useDocumentTitle } from '../site'

const VALUES = [
  { title: 'Honesty', text: 'We give straight answers about roles, salaries and the market, even when the news is not what people hoped to hear.' },
  { title: 'Specialist knowledge', text: 'Our consultants understand the technology they recruit for, so conversations go deeper than a list of keywords.' },
  { title: 'Respect', text: 'Every candidate hears back from us and every client gets our full attention, whatever the size of the role.' },
  { title: 'Long-term thinking', text: 'We measure success by how placements work out months later, which is why we offer a 6-month guarantee.' },
]

export default function AboutPage() {
  useDocumentTitle('About Us')
  return (
    <>
      <PageHero
        eyebrow="About us"
        title="Technology recruitment with a human focus"
        lead={`Founded in Sydney in ${COMPANY.founded}, ${COMPANY.name} helps IT professionals and employers find each other, and makes sure the match lasts.`}
      >
        <ClaimStats />
      </PageHero>

      <Section labelledBy="mission-heading" tone="alt" layout="grid grid-2">
        <SectionText id="mission-heading" eyebrow="Our mission" title="Helping good people do their best work">
          <p>
            We exist to connect skilled technology professionals with organisations where they can grow, contribute
            and be valued. We do that by listening carefully, assessing thoroughly and giving honest advice to both
            sides of every placement.
          </p>
        </SectionText>
        <SectionText eyebrow="Our vision" title="The most trusted name in Australian IT recruitment">
          <p>
            We want to be the first call for anyone building a technology team or a technology career in Australia,
            known for specialist expertise, fair processes and placements that stand the test of time.
          </p>
        </SectionText>
      </Section>

      <Section labelledBy="values-heading" eyebrow="Our values" title="What guides the way we work">
        <CardGrid items={VALUES} columns={4} />
      </Section>

      <Section labelledBy="about-seekers-heading" tone="tinted" layout="split">
        <SectionText id="about-seekers-heading" eyebrow="For job seekers" title="Your career, properly represented">
          <p>
            We take time to understand your skills, your goals and the kind of team you want to join. Then we
            introduce you only to roles that genuinely fit, prepare you for each interview and negotiate on your
            behalf. Our help is always free for candidates.
          </p>
          <Link to="/jobs/find" className="btn btn-primary">
            Explore Current Jobs
          </Link>
        </SectionText>
        <SectionText eyebrow="For employers" title="Talent you can rely on">
          <p>
            From a single contractor to a whole delivery team, we source, screen and present candidates who are
            technically capable and a good cultural fit. Most roles are filled within two to four weeks, and every
            permanent placement carries our 6-month guarantee.
          </p>
          <Link to="/employers/hire" className="btn btn-secondary">
            Start Hiring
          </Link>
        </SectionText>
      </Section>

      <CtaBanner
        title="Let's work together"
        text="Tell us about the role you want to fill or the role you want to find. We'll take it from there."
        links={[{ to: '/contact', label: 'Contact Our Team' }]}
      />
    </>
  )
}
