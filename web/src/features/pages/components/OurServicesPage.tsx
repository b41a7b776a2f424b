/** /our-services: hero, intro highlights, three main services, six further services, closing links (SPEC 2.4). */
import { Link } from 'react-router'
import { CtaBanner, PageHero, useDocumentTitle } from '../../site'
import { ADDITIONAL_SERVICES } from '../services'
import { CardGrid } from './CardGrid'

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
      <section className="section" aria-labelledby="intro-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="intro-heading">Why organisations choose us</h2>
            <p>We combine deep technical understanding with a genuinely personal service.</p>
          </div>
          <CardGrid items={HIGHLIGHTS} />
        </div>
      </section>
      {MAIN.map((m, i) => (
        <section key={m.id} className={`section${i % 2 === 0 ? ' section-alt' : ''}`} aria-labelledby={`main-${m.id}-heading`}>
          <div className="container split">
            <div>
              <p className="eyebrow">Core service</p>
              <h2 id={`main-${m.id}-heading`}>{m.title}</h2>
              <p>{m.text}</p>
              <Link to="/contact" className="btn btn-primary">
                {m.cta}
              </Link>
            </div>
            <ul className="check-list">
              {m.points.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        </section>
      ))}
      <section className="section section-tinted" aria-labelledby="more-services-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="more-services-heading">Additional services</h2>
            <p>Specialist recruitment across the rest of the technology landscape.</p>
          </div>
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
        </div>
      </section>
      <CtaBanner title="Let's build your team together" text="Book a consultation to discuss your hiring plans, or learn how we approach every search.">
        <Link to="/contact" className="btn btn-light">
          Request Consultation
        </Link>
        <Link to="/approach" className="btn btn-outline-light">
          Learn About Our Approach
        </Link>
      </CtaBanner>
    </>
  )
}
