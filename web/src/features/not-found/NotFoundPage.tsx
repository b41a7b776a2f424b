/** The 404 page (SPEC 2.4): 'Page Not Found', robots noindex while shown, Go Home / Go Back, helpful links. */
import { Link, useNavigate } from 'react-router'
import { useDocumentTitle, useRobotsNoindex } from '../site'

const HELPFUL_LINKS = [
  { to: '/jobs/find', label: 'Find a Job', text: 'Browse current IT roles' },
  { to: '/employers', label: 'For Employers', text: 'See how we help you hire' },
  { to: '/contact', label: 'Contact Us', text: 'Get in touch with our team' },
  { to: '/about', label: 'About Us', text: 'Learn who we are' },
]

export default function NotFoundPage() {
  useDocumentTitle('Page Not Found')
  useRobotsNoindex()
  const navigate = useNavigate()
  return (
    <section className="container section not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>Page Not Found</h1>
      <p>Sorry, the page you're looking for doesn't exist or may have been moved.</p>
      <div className="btn-row center">
        <Link to="/" className="btn btn-primary">
          Go Home
        </Link>
        <button type="button" className="btn btn-outline" onClick={() => navigate(-1)}>
          Go Back
        </button>
      </div>
      <h2>Helpful links</h2>
      <ul className="grid grid-4 card-list">
        {HELPFUL_LINKS.map((l) => (
          <li key={l.to} className="card">
            <Link to={l.to}>{l.label}</Link>
            <p>{l.text}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
