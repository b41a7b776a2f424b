/** /approach: how the agency runs a search, from brief to aftercare. */
import { CardGrid, CtaBanner, PageHero, Section, useDocumentTitle } from '../../site'
import { StepList } from './StepList'

const STEPS = [
  { title: 'Understand', text: 'We start with your goals, your team and your technology, not just a job description.' },
  { title: 'Search', text: 'Specialist consultants search their networks and the wider market for the right people.' },
  { title: 'Assess', text: 'Technical conversations, structured interviews and thorough referencing before anyone reaches you.' },
  { title: 'Support', text: 'We manage offers and onboarding and stay in touch well after the start date.' },
]

const PRINCIPLES = [
  { title: 'Quality over volume', text: 'A short, well-matched shortlist saves everyone time. We would rather send three great candidates than ten average ones.' },
  { title: 'Transparency', text: 'Clear fees, clear timelines and regular updates, so you always know where a search stands.' },
  { title: 'Fairness', text: 'Consistent, skills-focused assessment that gives every candidate a fair chance to show what they can do.' },
  { title: 'Accountability', text: 'Our 6-month guarantee on permanent placements means we share responsibility for the outcome.' },
]

export default function ApproachPage() {
  useDocumentTitle('Our Approach')
  return (
    <>
      <PageHero
        eyebrow="Our approach"
        title="A considered approach to technology recruitment"
        lead="We believe great placements come from understanding people and technology equally well. Here is how we put that into practice."
      />
      <Section labelledBy="approach-steps-heading" title="How every search runs">
        <StepList steps={STEPS} />
      </Section>
      <Section labelledBy="principles-heading" tone="tinted" title="Principles we work by">
        <CardGrid items={PRINCIPLES} columns={4} />
      </Section>
      <CtaBanner
        title="See our approach in action"
        text="Tell us about your next hire and we'll show you what a specialist search looks like."
        links={[
          { to: '/contact', label: 'Request Consultation' },
          { to: '/our-services', label: 'Explore Our Services' },
        ]}
      />
    </>
  )
}
