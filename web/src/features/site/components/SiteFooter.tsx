/** Footer on every public page (SPEC 2.3): blurb, links, social, contact details, hours, copyright. */
import { COMPANY } from '../company'
import { BackToTop } from './BackToTop'
import { EMPLOYERS, EXPLORE, FooterLinkList, SocialLinks, useCandidateLinks, type FooterLink } from './footerLinks'

export function SiteFooter({ linksInNewTab = false }: { linksInNewTab?: boolean }) {
  const year = new Date().getFullYear()
  const candidates = useCandidateLinks()
  const column = (heading: string, links: FooterLink[]) => (
    <div className="footer-col">
      <h2 className="footer-heading">{heading}</h2>
      <FooterLinkList links={links} className="link-list" newTab={linksInNewTab} />
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
          <SocialLinks className="social-links" />
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
      <div className="container spread-row footer-bottom">
        <p>
          © {year} {COMPANY.name}. All rights reserved.
        </p>
        <BackToTop />
      </div>
    </footer>
  )
}
