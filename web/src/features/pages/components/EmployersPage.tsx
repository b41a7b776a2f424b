/** /employers: four-step process, six services with feature tags, two testimonials, buttons to /contact and /employers/hire. */
import { CardGrid, CtaBanner, PageHero, Section, useDocumentTitle } from '../../site'
import { StepList } from './StepList'
import { Testimonials } from './Testimonials'

const STEPS = [
  { title: 'Discovery and analysis', text: 'We learn about your team, your technology and the outcomes the role needs to deliver, then agree a clear brief.' },
  { title: 'Talent sourcing', text: 'We search our network, referrals and the wider market to find people who match, including those not actively looking.' },
  { title: 'Screening and evaluation', text: 'Technical conversations, reference checks and culture-fit assessment, so you only interview strong candidates.' },
  { title: 'Placement and support', text: 'We manage offers and onboarding, then stay in touch to make sure the placement succeeds long term.' },
]

const SERVICES = [
  { title: 'Permanent recruitment', text: 'Full-time hires across every level, backed by our 6-month guarantee.', tags: ['6-month guarantee', 'Salary benchmarking', 'Offer management'] },
  { title: 'Contract and temporary', text: 'Skilled contractors ready to start quickly for projects, peaks and specialist needs.', tags: ['Fast starts', 'Payroll handled', 'Compliance checks'] },
  { title: 'Executive search', text: 'Discreet, research-led searches for senior technology leadership appointments.', tags: ['Confidential', 'Market mapping', 'Leadership assessment'] },
  { title: 'Team building', text: 'Multiple hires for new squads, delivery teams or offices, coordinated as one program.', tags: ['Volume hiring', 'Consistent screening', 'Single point of contact'] },
  { title: 'Project services', text: 'Project managers, analysts and delivery leads to bring your technology change to life.', tags: ['Agile delivery', 'Business analysis', 'PMO support'] },
  { title: 'Market insights', text: 'Salary data and talent market intelligence to shape your hiring plans and budgets.', tags: ['Salary reports', 'Skills trends', 'Workforce planning'] },
]

const TESTIMONIALS = [
  {
    quote: 'They took the time to understand our platform and our culture. Every candidate they sent was worth interviewing, and we hired two excellent engineers in under a month.',
    name: 'Rachel H.',
    role: 'Engineering Manager, fintech scale-up',
  },
  {
    quote: 'We needed a security team built from scratch. The shortlist quality was consistently high and communication was clear from the first call to the last start date.',
    name: 'Tom A.',
    role: 'Chief Information Officer, health services provider',
  },
]

export default function EmployersPage() {
  useDocumentTitle('For Employers')
  return (
    <>
      <PageHero
        eyebrow="For employers"
        title="Build technology teams with confidence"
        lead="We find IT professionals with the skills you need and the character your team will appreciate. Average time to placement: two to four weeks."
        actions={[
          { to: '/employers/hire', label: 'Looking to Hire?' },
          { to: '/contact', label: 'Request a Call Back' },
        ]}
      />

      <Section labelledBy="employer-process-heading" eyebrow="Our process" title="Four steps to the right hire">
        <StepList steps={STEPS} />
      </Section>

      <Section
        labelledBy="employer-services-heading"
        tone="tinted"
        eyebrow="Services"
        title="How we can help"
        intro="Flexible recruitment services that fit the way your organisation hires."
      >
        <CardGrid items={SERVICES} />
      </Section>

      <Testimonials heading="What our clients say" items={TESTIMONIALS} />

      <CtaBanner
        title="Let's discuss your hiring needs"
        text="Tell us about the role or team you're building and we'll recommend the best approach."
        links={[
          { to: '/contact', label: 'Contact Us' },
          { to: '/employers/hire', label: 'Start Hiring' },
        ]}
      />
    </>
  )
}
