/** /services/{slug}: one of the six additional services; an unknown slug is the 404 page. */
import { Link, useParams } from 'react-router'
import { NotFoundPage } from '../../not-found'
import { CheckList, CtaBanner, PageHero, Section, SectionText, useDocumentTitle } from '../../site'
import { findService, type ServiceDetail } from '../services'

export default function ServiceDetailPage() {
  const { slug } = useParams()
  const service = findService(slug)
  return service ? <ServiceView service={service} /> : <NotFoundPage />
}

function ServiceView({ service }: { service: ServiceDetail }) {
  useDocumentTitle(`${service.title} Recruitment`)
  return (
    <>
      <PageHero eyebrow="Our services" title={`${service.title} recruitment`} lead={service.teaser} />
      <Section labelledBy="service-overview-heading" layout="split">
        <SectionText id="service-overview-heading" title="Overview">
          <p>{service.intro}</p>
          <p>
            Every permanent placement is backed by our 6-month guarantee, and most roles are filled within two to four
            weeks.
          </p>
        </SectionText>
        <div className="card">
          <h3>Roles we recruit</h3>
          <CheckList items={service.roles} />
        </div>
      </Section>
      <Section labelledBy="service-why-heading" tone="tinted" title="Why work with us">
        <ul className="grid grid-3 card-list">
          {service.why.map((w) => (
            <li key={w} className="card">
              <p>{w}</p>
            </li>
          ))}
        </ul>
        <p className="center-text">
          <Link to="/our-services" className="back-link">
            ← All services
          </Link>
        </p>
      </Section>
      <CtaBanner
        title={`Hiring in ${service.title}?`}
        text="Talk to a specialist consultant about your requirements."
        links={[
          { to: '/contact', label: 'Request Consultation' },
          { to: '/jobs/find', label: 'Browse Jobs' },
        ]}
      />
    </>
  )
}
