/** Footer on every public page (SPEC 2.3): blurb, links, social, contact details, hours, copyright. */
import { Link } from 'react-router'
import { COMPANY, SOCIAL_LINKS } from '../company'
import { BackToTop } from './BackToTop'
import { EMPLOYERS, EXPLORE, SocialIcon, useCandidateLinks, type FooterLink } from './footerLinks'

export function SiteFooter({ linksInNewTab = false }: { linksInNewTab?: boolean }) {
  const tab = linksInNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {}
  const year = new Date().getFullYear()
  const candidates = useCandidateLinks()
  const column = (heading: string, links: FooterLink[]) => (
    <div className="footer-col">
      <h2 className="footer-heading">{heading}</h2>
      <ul className="link-list">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} {...tab}>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-col footer-about">
          <p className="footer-brand">{COMPANY.name}</p>
          <p>
            Sydney-based specialists in technology hiring since {COMPANY.founded}. We connect IT professionals with
            organisations that value their skills, across nine specialisations from software delivery to cyber
            security.
          </p>
          <ul className="social-links" aria-label="Social media">
            {SOCIAL_LINKS.map((s) => (
              <li key={s.name}>
                <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={`${COMPANY.name} on ${s.name}`}>
                  <SocialIcon name={s.name} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        {column('Explore', EXPLORE)}
        {column('Candidates', candidates)}
        {column('Employers', EMPLOYERS)}
        <div className="footer-col">
          <h2 className="footer-heading">Get in touch</h2>
          <address className="link-list">
            <p>
              <a href={COMPANY.phoneHref}>{COMPANY.phoneDisplay}</a>
              <br />
              <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
            </p>
            <p>
              {COMPANY.addressLines[0]}
              <br />
              {COMPANY.addressLines[1]}
            </p>
          </address>
          <p>
            <strong>Hours:</strong> {COMPANY.hours}
          </p>
        </div>
      </div>
      <div className="container footer-bottom">
        <p>
          © {year} {COMPANY.name}. All rights reserved.
        </p>
        <BackToTop />
      </div>
    </footer>
  )
}
