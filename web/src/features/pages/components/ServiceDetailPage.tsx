/** /services/{slug}: one of the six additional services; an unknown slug is the 404 page. */
import { Link, useParams } from 'react-router'
import { NotFoundPage } from '../../not-found'
import { CtaBanner, PageHero, useDocumentTitle } from '../../site'
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
      <section className="section" aria-labelledby="service-overview-heading">
        <div className="container split">
          <div>
            <h2 id="service-overview-heading">Overview</h2>
            <p>{service.intro}</p>
            <p>
              Every permanent placement is backed by our 6-month guarantee, and most roles are filled within two to four
              weeks.
            </p>
          </div>
          <div className="card">
            <h3>Roles we recruit</h3>
            <ul className="check-list">
              {service.roles.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          </div>
        </div>
      </section>
      <section className="section section-tinted" aria-labelledby="service-why-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="service-why-heading">Why work with us</h2>
          </div>
          <ul className="grid grid-3 card-list">
            {service.why.map((w) => (
              <li key={w} className="card">
                <p>{w}</p>
              </li>
            ))}
          </ul>
          <p className="center-text">
            <Link to="/our-services">← All services</Link>
          </p>
        </div>
      </section>
      <CtaBanner title={`Hiring in ${service.title}?`} text="Talk to a specialist consultant about your requirements.">
        <Link to="/contact" className="btn btn-light">
          Request Consultation
        </Link>
        <Link to="/jobs/find" className="btn btn-outline-light">
          Browse Jobs
        </Link>
      </CtaBanner>
    </>
  )
}
