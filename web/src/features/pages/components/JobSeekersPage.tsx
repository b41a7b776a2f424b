/** /job-seekers: four-step process, six benefits, two testimonials, buttons to /contact and /jobs/find (SPEC 2.4). */
import { CardGrid, CtaBanner, PageHero, Section, useDocumentTitle } from '../../site'
import { StepList } from './StepList'
import { Testimonials } from './Testimonials'

const STEPS = [
  { title: 'Initial consultation', text: 'A relaxed conversation about your experience, what motivates you and where you want your career to go next.' },
  { title: 'Profile creation', text: 'We help you shape a resume and profile that shows your strengths clearly to hiring managers.' },
  { title: 'Opportunity matching', text: 'We introduce you only to roles that fit your skills, goals, salary expectations and preferred way of working.' },
  { title: 'Interview preparation', text: 'Detailed briefings on each company, the panel and the technical assessment, plus honest feedback afterwards.' },
]

const BENEFITS = [
  { title: 'Roles you won\'t find elsewhere', text: 'Many of our clients brief us on positions before they are advertised, or instead of advertising at all.', badge: '01' },
  { title: 'Specialist consultants', text: 'Talk to someone who understands your technology stack and can explain your value to employers.', badge: '02' },
  { title: 'Salary guidance', text: 'Current market data so you know what your skills are worth and can negotiate with confidence.', badge: '03' },
  { title: 'Free career advice', text: 'Guidance on resumes, upskilling and long-term career planning, at no cost to you.', badge: '04' },
  { title: 'Confidential search', text: 'We never share your details with an employer without your permission.', badge: '05' },
  { title: 'Support after you start', text: 'We check in during your first months to make sure the role is everything it promised to be.', badge: '06' },
]

const TESTIMONIALS = [
  {
    quote: 'My consultant understood exactly what I was looking for and only sent me roles that made sense. I had two offers within three weeks and accepted a senior role I love.',
    name: 'Liam C.',
    role: 'Senior Software Engineer, Sydney',
  },
  {
    quote: 'The interview preparation was outstanding. I walked into the final panel knowing what to expect, and the feedback after each stage really helped me improve.',
    name: 'Mei W.',
    role: 'Data Analyst, North Sydney',
  },
]

export default function JobSeekersPage() {
  useDocumentTitle('For Job Seekers')
  return (
    <>
      <PageHero
        eyebrow="For job seekers"
        title="Find a technology role that fits your life and ambitions"
        lead="We take the time to understand you, then connect you with employers who will value what you bring. Our service is always free for candidates."
        actions={[
          { to: '/jobs/find', label: 'Browse Jobs' },
          { to: '/contact', label: 'Speak to a Consultant' },
        ]}
      />

      <Section labelledBy="process-heading" eyebrow="How it works" title="Our four-step process">
        <StepList steps={STEPS} />
      </Section>

      <Section labelledBy="benefits-heading" tone="tinted" eyebrow="Why work with us" title="Benefits for candidates">
        <CardGrid items={BENEFITS} />
      </Section>

      <Testimonials heading="What candidates say" items={TESTIMONIALS} />

      <CtaBanner
        title="Start your search today"
        text="Browse our current openings or get in touch for a confidential chat about your career."
        links={[
          { to: '/contact', label: 'Contact Us' },
          { to: '/jobs/find', label: 'Find a Job' },
        ]}
      />
    </>
  )
}
