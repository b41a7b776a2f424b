/** /employers/hire: six services, four-step process, six technology specialisations, buttons to /contact, /about, /blogs. */
import { CardGrid, CtaBanner, PageHero, Section, useDocumentTitle } from '../../site'
import { StepList } from './StepList'

const SERVICES = [
  { title: 'Permanent placements', text: 'Long-term hires screened for skills and fit, protected by our 6-month guarantee.', badge: 'PP' },
  { title: 'Contract staffing', text: 'Specialists available at short notice for projects, backfills and peak workloads.', badge: 'CS' },
  { title: 'Executive search', text: 'Confidential searches for CIOs, CTOs and senior technology leaders.', badge: 'ES' },
  { title: 'Project teams', text: 'Complete delivery teams assembled quickly for new initiatives.', badge: 'PT' },
  { title: 'Graduate programs', text: 'Early-career talent pipelines for organisations growing their own future leaders.', badge: 'GP' },
  { title: 'Salary benchmarking', text: 'Current market data so your offers are competitive and fair.', badge: 'SB' },
]

const STEPS = [
  { title: 'Brief', text: 'A detailed conversation about the role, your team and what success looks like in the first year.' },
  { title: 'Search', text: 'Targeted sourcing from our network of pre-screened professionals and the wider market.' },
  { title: 'Shortlist', text: 'A focused shortlist, usually within a week, with detailed notes on every candidate.' },
  { title: 'Hire', text: 'Interview coordination, offer negotiation and onboarding support until day one and beyond.' },
]

const TECH = [
  { title: 'Software development', text: 'Java, .NET, Python, JavaScript and TypeScript engineers, plus mobile and QA specialists.' },
  { title: 'Cloud and DevOps', text: 'AWS, Azure and Google Cloud engineers, platform teams and site reliability specialists.' },
  { title: 'Data and analytics', text: 'Data engineers, BI developers, analysts and data scientists.' },
  { title: 'AI and machine learning', text: 'ML engineers and applied AI specialists who can take models into production.' },
  { title: 'Cyber security', text: 'Security engineers, analysts, architects and governance professionals.' },
  { title: 'Enterprise platforms', text: 'SAP, Dynamics, Salesforce and other ERP and CRM specialists.' },
]

export default function HirePage() {
  useDocumentTitle('Looking to Hire?')
  return (
    <>
      <PageHero
        eyebrow="Looking to hire?"
        title="The IT professionals you need, when you need them"
        lead="Tell us what you're looking for. We'll deliver a shortlist of capable, interested people, typically within a week."
      />
      <Section labelledBy="hire-services-heading" eyebrow="Our services" title="Recruitment solutions for every need">
        <CardGrid items={SERVICES} />
      </Section>
      <Section labelledBy="hire-process-heading" tone="tinted" eyebrow="Our process" title="From brief to first day in four steps">
        <StepList steps={STEPS} />
      </Section>
      <Section labelledBy="hire-tech-heading" eyebrow="Technology specialisations" title="Skills we recruit for every day">
        <CardGrid items={TECH} />
      </Section>
      <CtaBanner
        title="Ready to start hiring?"
        text="Contact us to brief a role, learn more about our team, or read our latest hiring insights."
        links={[
          { to: '/contact', label: 'Brief Us on a Role' },
          { to: '/about', label: 'About Our Team' },
          { to: '/blogs', label: 'Hiring Insights' },
        ]}
      />
    </>
  )
}
