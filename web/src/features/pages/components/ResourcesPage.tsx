/** /employers/resources: knowledge hub, strategic resources, nine resource categories, buttons to /contact and /blogs. */
import { Link } from 'react-router'
import { CtaBanner, PageHero, useDocumentTitle } from '../../site'
import { CardGrid } from './CardGrid'

const STRATEGIC = [
  'Annual IT salary guide for Sydney and New South Wales',
  'Quarterly talent market updates by specialisation',
  'Hiring process benchmarks: time to hire and offer acceptance rates',
  'Templates for job briefs, interview scorecards and onboarding plans',
  'Guides to contractor engagement and compliance',
]

const CATEGORIES = [
  { title: 'Salary and benefits', text: 'Pay ranges and benefit trends across technology roles and levels.' },
  { title: 'Talent market trends', text: 'Supply and demand for key skills, and where competition is hottest.' },
  { title: 'Hiring best practice', text: 'Practical guidance on briefs, interviews and making strong offers.' },
  { title: 'Retention strategies', text: 'What keeps technology professionals engaged and why they move on.' },
  { title: 'Diversity and inclusion', text: 'Ways to widen your talent pool and build inclusive teams.' },
  { title: 'Workforce planning', text: 'Balancing permanent, contract and project resources as needs change.' },
  { title: 'Contractor management', text: 'Engaging, onboarding and managing contractors effectively.' },
  { title: 'Leadership hiring', text: 'How to approach senior technology appointments and succession.' },
  { title: 'Emerging technology', text: 'Briefings on AI, cloud and security skills and their impact on teams.' },
]

export default function ResourcesPage() {
  useDocumentTitle('Reports & Resources')
  return (
    <>
      <PageHero
        eyebrow="Reports and resources"
        title="Insights to help you hire smarter"
        lead="Market data, guides and practical tools from our consultants, designed for technology leaders and HR teams."
      />
      <section className="section" aria-labelledby="hub-heading">
        <div className="container split">
          <div>
            <p className="eyebrow">Knowledge hub</p>
            <h2 id="hub-heading">Everything you need to plan your next hire</h2>
            <p>
              Our consultants speak with hundreds of employers and candidates every month. We turn those conversations
              into clear, practical resources that help you set salaries, design your process and keep your best people.
            </p>
            <p>Ask us for any of the resources below and we'll send them to you, free of charge.</p>
          </div>
          <div className="card">
            <h3>Strategic resources</h3>
            <ul className="check-list">
              {STRATEGIC.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          </div>
        </div>
      </section>
      <section className="section section-tinted" aria-labelledby="categories-heading">
        <div className="container">
          <div className="section-header">
            <p className="eyebrow">Resource categories</p>
            <h2 id="categories-heading">Browse by topic</h2>
          </div>
          <CardGrid items={CATEGORIES} />
        </div>
      </section>
      <CtaBanner title="Need something specific?" text="Request a custom salary report or browse our latest articles on hiring and the technology market.">
        <Link to="/contact" className="btn btn-light">
          Request a Resource
        </Link>
        <Link to="/blogs" className="btn btn-outline-light">
          Visit the Blog
        </Link>
      </CtaBanner>
    </>
  )
}
