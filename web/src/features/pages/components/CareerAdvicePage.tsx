/** /jobs/advice: journey steps, six service cards, buttons to /contact and /blogs (SPEC 2.4). */
import { CardGrid, CtaBanner, PageHero, Section, useDocumentTitle } from '../../site'
import { StepList } from './StepList'

const JOURNEY = [
  { title: 'Career assessment', text: 'Take stock of your strengths, experience and interests, and where they are valued most in today\'s market.' },
  { title: 'Goal setting', text: 'Set realistic short and long-term goals, from your next role to where you want to be in five years.' },
  { title: 'Skill development', text: 'Identify the skills and certifications that will move you forward and plan how to build them.' },
  { title: 'Career advancement', text: 'Put your plan into action with targeted applications, strong interviews and confident negotiation.' },
]

const SERVICES = [
  { title: 'Resume reviews', text: 'Clear, honest feedback to help your resume highlight achievements rather than duties.', badge: 'CV' },
  { title: 'LinkedIn and profile advice', text: 'Make your online presence work for you when recruiters and hiring managers search.', badge: 'IN' },
  { title: 'Interview coaching', text: 'Practise behavioural and technical questions and learn how to tell your story well.', badge: 'IC' },
  { title: 'Salary guidance', text: 'Understand the market rate for your skills and how to negotiate a fair package.', badge: '$' },
  { title: 'Career change support', text: 'Moving into technology or between specialisations? We help you map a realistic path.', badge: 'CC' },
  { title: 'Contracting advice', text: 'Weigh up contract versus permanent work, rates, ABNs and how to keep the pipeline full.', badge: 'CA' },
]

export default function CareerAdvicePage() {
  useDocumentTitle('Career Advice')
  return (
    <>
      <PageHero
        eyebrow="Career advice"
        title="Practical guidance for every stage of your IT career"
        lead="Whether you're starting out, stepping up or changing direction, our consultants share what they see working in the market every day."
      />
      <Section labelledBy="journey-heading" eyebrow="Your career journey" title="Four stages to plan your next move">
        <StepList steps={JOURNEY} />
      </Section>
      <Section
        labelledBy="advice-services-heading"
        tone="tinted"
        eyebrow="How we help"
        title="Career services for candidates"
        intro="All of our career support is free for candidates registered with us."
      >
        <CardGrid items={SERVICES} />
      </Section>
      <CtaBanner
        title="Want personalised advice?"
        text="Book a confidential chat with a specialist consultant, or read our latest career insights."
        links={[
          { to: '/contact', label: 'Book a Career Chat' },
          { to: '/blogs', label: 'Read Our Blog' },
        ]}
      />
    </>
  )
}
