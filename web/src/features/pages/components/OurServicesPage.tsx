/** /our-services: hero, intro highlights, three main services, six further services, closing links (SPEC 2.4). */
import { Link } from 'react-router'
import { CardGrid, CheckList, CtaBanner, PageHero, Section, SectionText, useDocumentTitle } from '../../site'
import { ADDITIONAL_SERVICES } from '../services'

const HIGHLIGHTS = [
  { title: 'Industry Expertise', text: 'Consultants who specialise in a single technology field and understand the work your people will do.' },
  { title: 'Tailored Approach', text: 'No two roles are the same. We design each search around your team, your culture and your timeline.' },
  { title: 'Extensive Network', text: 'Relationships with thousands of technology professionals built since 2020, including people not actively looking.' },
]

const MAIN = [
  {
    id: 'development',
    title: 'Development + Testing',
    text: 'From front-end specialists to platform engineers and test automation experts, we find developers who write clean, reliable code and work well in a team.',
    points: ['Full-stack, front-end and back-end engineers', 'Mobile developers for iOS and Android', 'QA and test automation engineers'],
    cta: 'Hire Development Talent',
  },
  {
    id: 'ai',
    title: 'AI + Robotics',
    text: 'Machine learning engineers and applied AI specialists who can take ideas from prototype to production, responsibly and at scale.',
    points: ['Machine learning and MLOps engineers', 'LLM and applied AI specialists', 'Robotics and automation engineers'],
    cta: 'Hire AI Talent',
  },
  {
    id: 'analytics',
    title: 'BI + Data Analytics',
    text: 'Data engineers, analysts and BI developers who build trustworthy data foundations and turn them into insight for the business.',
    points: ['Data engineers and architects', 'BI developers and reporting analysts', 'Data scientists and analytics leads'],
    cta: 'Hire Analytics Talent',
  },
]

export default function OurServicesPage() {
  useDocumentTitle('Our Services')
  return (
    <>
      <PageHero
        center
        eyebrow="Our services"
        title="Recruitment services built around technology"
        lead="Specialist recruitment for every part of your technology organisation, from a single contractor to an entire leadership team."
      />
      <Section
        labelledBy="intro-heading"
        title="Why organisations choose us"
        intro="We combine deep technical understanding with a genuinely personal service."
      >
        <CardGrid items={HIGHLIGHTS} />
      </Section>
      {MAIN.map((m, i) => (
        <Section key={m.id} labelledBy={`main-${m.id}-heading`} tone={i % 2 === 0 ? 'alt' : undefined} layout="split">
          <SectionText id={`main-${m.id}-heading`} eyebrow="Core service" title={m.title}>
            <p>{m.text}</p>
            <Link to="/contact" className="btn btn-primary">
              {m.cta}
            </Link>
          </SectionText>
          <CheckList items={m.points} />
        </Section>
      ))}
      <Section
        labelledBy="more-services-heading"
        tone="tinted"
        title="Additional services"
        intro="Specialist recruitment across the rest of the technology landscape."
      >
        <ul className="grid grid-3 card-list">
          {ADDITIONAL_SERVICES.map((s) => (
            <li key={s.slug} className="card">
              <h3>{s.title}</h3>
              <p>{s.teaser}</p>
              <Link to={`/services/${s.slug}`}>
                Learn more<span className="visually-hidden"> about {s.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>
      <CtaBanner
        title="Let's build your team together"
        text="Book a consultation to discuss your hiring plans, or learn how we approach every search."
        links={[
          { to: '/contact', label: 'Request Consultation' },
          { to: '/approach', label: 'Learn About Our Approach' },
        ]}
      />
    </>
  )
}
