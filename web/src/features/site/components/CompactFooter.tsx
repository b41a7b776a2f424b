/**
 * The footer of the candidate portal: SPEC 2.3's footer contents (blurb, the twelve links, social
 * links, phone, email, address, hours, copyright, back to top) in a few quiet lines rather than
 * the public site's navy block, so a workspace does not end in a page of marketing (issue 27).
 */
import { Link } from 'react-router'
import { COMPANY, SOCIAL_LINKS } from '../company'
import { BackToTop } from './BackToTop'
import { EMPLOYERS, EXPLORE, SocialIcon, useCandidateLinks } from './footerLinks'

export function CompactFooter({ linksInNewTab = false }: { linksInNewTab?: boolean }) {
  const tab = linksInNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {}
  const links = [...EXPLORE, ...useCandidateLinks(), ...EMPLOYERS]
  return (
    <footer className="site-footer-compact">
      <div className="container compact-footer">
        <nav aria-label="Site links">
          <ul className="compact-footer-links">
            {links.map((l) => (
              <li key={l.to}>
                <Link to={l.to} {...tab}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <address>
          <a href={COMPANY.phoneHref}>{COMPANY.phoneDisplay}</a>
          <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
          <span>{COMPANY.address}</span>
          <span>Hours: {COMPANY.hours}</span>
        </address>
        <div className="compact-footer-bottom">
          <ul className="compact-footer-social" aria-label="Social media">
            {SOCIAL_LINKS.map((s) => (
              <li key={s.name}>
                <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={`${COMPANY.name} on ${s.name}`}>
                  <SocialIcon name={s.name} />
                </a>
              </li>
            ))}
          </ul>
          <p>
            © {new Date().getFullYear()} <strong>{COMPANY.name}</strong>, Sydney IT recruitment specialists since {COMPANY.founded}.
          </p>
          <BackToTop />
        </div>
      </div>
    </footer>
  )
}
