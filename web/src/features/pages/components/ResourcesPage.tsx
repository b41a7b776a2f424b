/** /employers/resources: knowledge hub, strategic resources, nine resource categories, buttons to /contact and /blogs. */
import { CardGrid, CheckList, CtaBanner, PageHero, Section, SectionText, useDocumentTitle } from '../../site'

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
      <Section labelledBy="hub-heading" layout="split">
        <SectionText id="hub-heading" eyebrow="Knowledge hub" title="Everything you need to plan your next hire">
          <p>
            Our consultants speak with hundreds of employers and candidates every month. We turn those conversations
            into clear, practical resources that help you set salaries, design your process and keep your best people.
          </p>
          <p>Ask us for any of the resources below and we'll send them to you, free of charge.</p>
        </SectionText>
        <div className="card">
          <h3>Strategic resources</h3>
          <CheckList items={STRATEGIC} />
        </div>
      </Section>
      <Section labelledBy="categories-heading" tone="tinted" eyebrow="Resource categories" title="Browse by topic">
        <CardGrid items={CATEGORIES} />
      </Section>
      <CtaBanner
        title="Need something specific?"
        text="Request a custom salary report or browse our latest articles on hiring and the technology market."
        links={[
          { to: '/contact', label: 'Request a Resource' },
          { to: '/blogs', label: 'Visit the Blog' },
        ]}
      />
    </>
  )
}
