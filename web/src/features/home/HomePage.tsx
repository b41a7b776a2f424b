/**
 * /: hero with a what/where job search, the latest jobs, who we are, nine specialisation cards
 * (each a link to its page) plus a contact card, closing call to action (SPEC 2.4).
 */
import { Link } from 'react-router'
import { CheckList, ClaimStats, COMPANY, CtaBanner, IconBadge, LinkButtons, PageHero, Section, SectionText, SPECIALISATION_DETAILS, useDocumentTitle } from '../site'
import { LatestJobs } from './LatestJobs'

/**
 * The hero's search: a plain GET form to /jobs/find (?title=&location=), which prefills its
 * filters from the query. It needs no script, so it costs the home page no JS and works before
 * the app has loaded.
 */
function HeroSearch() {
  return (
    <form className="search-panel hero-search" role="search" aria-label="Search jobs" action="/jobs/find" method="get">
      <div className="form-field">
        <label htmlFor="hero-what">What</label>
        <input id="hero-what" name="title" type="search" placeholder="Job title, e.g. Data Engineer" />
      </div>
      <div className="form-field">
        <label htmlFor="hero-where">Where</label>
        <input id="hero-where" name="location" type="search" placeholder="Suburb or city, e.g. Sydney" />
      </div>
      <button type="submit" className="btn btn-primary hero-search-submit">
        Search jobs
      </button>
    </form>
  )
}

const POINTS = [
  'Consultants who specialise in a single technology field',
  'Candidates screened for technical skill and team fit',
  '95% success rate across permanent and contract placements',
  'A 6-month guarantee on every permanent placement',
  'Free, confidential career advice for job seekers',
]

export default function HomePage() {
  useDocumentTitle('')
  return (
    <>
      <PageHero
        className="home-hero"
        eyebrow="Specialist IT recruitment · Sydney"
        title="Connecting Australia's technology talent with organisations ready to grow"
        lead={
          <>
            {COMPANY.name} matches skilled IT professionals with employers who value them. Deep specialist knowledge, honest
            advice and a process built around people, not keywords.
          </>
        }
      >
        <HeroSearch />
        <LinkButtons
          primary="btn-light"
          links={[
            { to: '/jobs/find', label: 'Find a Job' },
            { to: '/contact', label: 'Hire Talent' },
          ]}
        />
        <ClaimStats />
      </PageHero>

      <LatestJobs />

      <Section labelledBy="who-heading" tone="alt" layout="split">
        <SectionText id="who-heading" eyebrow="Who we are" title="A Sydney agency that specialises in technology people">
          <p>
            Since {COMPANY.founded} we have focused on one thing: placing the right IT professionals in the right
            organisations. Our consultants each specialise in a technology field, so they understand the work, speak
            the language and know what good looks like.
          </p>
          <p>
            More than 200 companies, from start-ups to government agencies, trust us to find people who fit their
            teams. Most of our placements are completed within two to four weeks.
          </p>
          <div className="btn-row">
            <Link to="/about" className="btn btn-secondary">
              More About Us
            </Link>
            <Link to="/employers/hire" className="btn btn-outline">
              Looking to Hire?
            </Link>
          </div>
        </SectionText>
        <CheckList items={POINTS} className="home-points" />
      </Section>

      <Section
        labelledBy="services-heading"
        eyebrow="What we do"
        title="Our specialisations"
        intro="Nine focused practices, each led by consultants with real experience in the field."
      >
        <ul className="grid grid-3 card-list">
          {SPECIALISATION_DETAILS.map((s) => (
            <li key={s.name} className="card card-cover card-link">
              <IconBadge>{s.abbr}</IconBadge>
              <h3>
                <Link to={s.href}>{s.name}</Link>
              </h3>
              <p>{s.summary}</p>
            </li>
          ))}
          <li className="card card-contact">
            <h3>Not sure where you fit?</h3>
            <p>Tell us what you need and we'll point you to the right specialist consultant.</p>
            <Link to="/contact" className="btn btn-primary btn-sm">
              Talk to Our Team
            </Link>
          </li>
        </ul>
      </Section>

      <CtaBanner
        title="Ready to take the next step?"
        text="Whether you're building a team or your career, a short conversation is the best place to start."
        links={[
          { to: '/contact', label: 'Get in Touch' },
          { to: '/jobs/find', label: 'Browse Jobs' },
        ]}
      />
    </>
  )
}
