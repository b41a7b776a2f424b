/** /jobs/advice: journey steps, six service cards, buttons to /contact and /blogs (SPEC 2.4). */
import { Link } from 'react-router'
import { CtaBanner, PageHero, useDocumentTitle } from '../../site'
import { CardGrid } from './CardGrid'
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
      <section className="section" aria-labelledby="journey-heading">
        <div className="container">
          <div className="section-header">
            <p className="eyebrow">Your career journey</p>
            <h2 id="journey-heading">Four stages to plan your next move</h2>
          </div>
          <StepList steps={JOURNEY} />
        </div>
      </section>
      <section className="section section-tinted" aria-labelledby="advice-services-heading">
        <div className="container">
          <div className="section-header">
            <p className="eyebrow">How we help</p>
            <h2 id="advice-services-heading">Career services for candidates</h2>
            <p>All of our career support is free for candidates registered with us.</p>
          </div>
          <CardGrid items={SERVICES} />
        </div>
      </section>
      <CtaBanner title="Want personalised advice?" text="Book a confidential chat with a specialist consultant, or read our latest career insights.">
        <Link to="/contact" className="btn btn-light">
          Book a Career Chat
        </Link>
        <Link to="/blogs" className="btn btn-outline-light">
          Read Our Blog
        </Link>
      </CtaBanner>
    </>
  )
}
