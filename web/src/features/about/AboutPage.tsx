/** /about: mission, vision, values, sections for job seekers and employers, call to action (SPEC 2.4). */
import { Link } from 'react-router'
import { CLAIMS, COMPANY, CtaBanner, PageHero, useDocumentTitle } from '../site'

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
        <ul className="stats" aria-label="Our track record">
          {CLAIMS.map((c) => (
            <li key={c.label}>
              <strong>{c.value}</strong>
              <span>{c.label}</span>
            </li>
          ))}
        </ul>
      </PageHero>

      <section className="section section-alt" aria-labelledby="mission-heading">
        <div className="container grid grid-2">
          <div>
            <p className="eyebrow">Our mission</p>
            <h2 id="mission-heading">Helping good people do their best work</h2>
            <p>
              We exist to connect skilled technology professionals with organisations where they can grow, contribute
              and be valued. We do that by listening carefully, assessing thoroughly and giving honest advice to both
              sides of every placement.
            </p>
          </div>
          <div>
            <p className="eyebrow">Our vision</p>
            <h2>The most trusted name in Australian IT recruitment</h2>
            <p>
              We want to be the first call for anyone building a technology team or a technology career in Australia,
              known for specialist expertise, fair processes and placements that stand the test of time.
            </p>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="values-heading">
        <div className="container">
          <div className="section-header">
            <p className="eyebrow">Our values</p>
            <h2 id="values-heading">What guides the way we work</h2>
          </div>
          <ul className="grid grid-4 card-list">
            {VALUES.map((v) => (
              <li key={v.title} className="card">
                <h3>{v.title}</h3>
                <p>{v.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-tinted" aria-labelledby="about-seekers-heading">
        <div className="container split">
          <div>
            <p className="eyebrow">For job seekers</p>
            <h2 id="about-seekers-heading">Your career, properly represented</h2>
            <p>
              We take time to understand your skills, your goals and the kind of team you want to join. Then we
              introduce you only to roles that genuinely fit, prepare you for each interview and negotiate on your
              behalf. Our help is always free for candidates.
            </p>
            <Link to="/jobs/find" className="btn btn-primary">
              Explore Current Jobs
            </Link>
          </div>
          <div>
            <p className="eyebrow">For employers</p>
            <h2>Talent you can rely on</h2>
            <p>
              From a single contractor to a whole delivery team, we source, screen and present candidates who are
              technically capable and a good cultural fit. Most roles are filled within two to four weeks, and every
              permanent placement carries our 6-month guarantee.
            </p>
            <Link to="/employers/hire" className="btn btn-secondary">
              Start Hiring
            </Link>
          </div>
        </div>
      </section>

      <CtaBanner
        title="Let's work together"
        text="Tell us about the role you want to fill or the role you want to find. We'll take it from there."
      >
        <Link to="/contact" className="btn btn-light">
          Contact Our Team
        </Link>
      </CtaBanner>
    </>
  )
}
