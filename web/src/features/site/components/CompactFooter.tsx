/**
 * The footer of the candidate portal: SPEC 2.3's footer contents (blurb, the twelve links, social
 * links, phone, email, address, hours, copyright, back to top) in a few quiet lines rather than
 * the public site's navy block, so a workspace does not end in a page of marketing (issue 27).
 */
import { COMPANY } from '../company'
import { BackToTop } from './BackToTop'
import { EMPLOYERS, EXPLORE, FooterLinkList, SocialLinks, useCandidateLinks } from './footerLinks'

export function CompactFooter({ linksInNewTab = false }: { linksInNewTab?: boolean }) {
  const links = [...EXPLORE, ...useCandidateLinks(), ...EMPLOYERS]
  return (
    <footer className="site-footer-compact">
      <div className="container compact-footer">
        <nav aria-label="Site links">
          <FooterLinkList links={links} className="compact-footer-links" newTab={linksInNewTab} />
        </nav>
        <address>
          <a href={COMPANY.phoneHref}>{COMPANY.phoneDisplay}</a>
          <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
          <span>{COMPANY.address}</span>
          <span>Hours: {COMPANY.hours}</span>
        </address>
        <div className="compact-footer-bottom">
          <SocialLinks className="compact-footer-social" />
          <p>
            © {new Date().getFullYear()} <strong>{COMPANY.name}</strong>, Sydney IT recruitment specialists since {COMPANY.founded}.
          </p>
          <BackToTop />
        </div>
      </div>
    </footer>
  )
}
