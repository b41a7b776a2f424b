/** /employers/resources: knowledge hub, strategic resources, nine resource categories, buttons to /contact and /blogs. */
import { CheckList, Section, SectionText } from '../../site'
import content from '../resources.json'
import { ContentPage } from './ContentPage'

const STRATEGIC = [
  'Annual IT salary guide for Sydney and New South Wales',
  'Quarterly talent market updates by specialisation',
  'Hiring process benchmarks: time to hire and offer acceptance rates',
  'Templates for job briefs, interview scorecards and onboarding plans',
  'Guides to contractor engagement and compliance',
]

export default function ResourcesPage() {
  return (
    <ContentPage content={content}>
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
    </ContentPage>
  )
}
