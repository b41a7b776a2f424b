/** What both footers carry (SPEC 2.3): the link lists and the social links. */
import { Link } from 'react-router'
import { useSession } from '../../auth'
import { COMPANY, SOCIAL_LINKS } from '../company'

export type FooterLink = { label: string; to: string }

export const EXPLORE: FooterLink[] = [
  { label: 'Home', to: '/' },
  { label: 'About Us', to: '/about' },
  { label: 'For Job Seekers', to: '/job-seekers' },
  { label: 'For Employers', to: '/employers' },
  { label: 'Blogs', to: '/blogs' },
  { label: 'Contact Us', to: '/contact' },
]

export const CANDIDATES: FooterLink[] = [
  { label: 'Find a Job', to: '/jobs/find' },
  { label: 'Career Advice', to: '/jobs/advice' },
  { label: 'Candidate Login', to: '/candidate/login' },
]

export const EMPLOYERS: FooterLink[] = [
  { label: 'Looking to Hire?', to: '/employers/hire' },
  { label: 'Reports & Resources', to: '/employers/resources' },
  { label: 'Sitemap', to: '/sitemap' },
]

/** A list of footer links; with `newTab` each opens in a new tab (on the candidate portal: see SiteLayout). */
export function FooterLinkList({ links, className, newTab }: { links: FooterLink[]; className: string; newTab: boolean }) {
  const tab = newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {}
  return (
    <ul className={className}>
      {links.map((l) => (
        <li key={l.to}>
          <Link to={l.to} {...tab}>
            {l.label}
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** The company's social media profiles, each an icon named for screen readers; always a new tab. */
export function SocialLinks({ className }: { className: string }) {
  return (
    <ul className={className} aria-label="Social media">
      {SOCIAL_LINKS.map((s) => (
        <li key={s.name}>
          <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={`${COMPANY.name} on ${s.name}`}>
            <SocialIcon name={s.name} />
          </a>
        </li>
      ))}
    </ul>
  )
}

function SocialIcon({ name }: { name: string }) {
  const paths: Record<string, string> = {
    Facebook: 'M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v9h4v-9h3l.5-4h-3.5V9c0-.6.4-1 1-1z',
    LinkedIn:
      'M5 9h3.8v12H5zM6.9 3.2a2.2 2.2 0 110 4.4 2.2 2.2 0 010-4.4zM11 9h3.6v1.7h.1c.5-.9 1.7-2 3.6-2 3.8 0 4.5 2.5 4.5 5.8V21H19v-5.6c0-1.3 0-3.1-1.9-3.1s-2.2 1.5-2.2 3V21H11z',
    Instagram:
      'M12 7.3a4.7 4.7 0 100 9.4 4.7 4.7 0 000-9.4zm0 7.7a3 3 0 110-6 3 3 0 010 6zm6-7.9a1.1 1.1 0 11-2.2 0 1.1 1.1 0 012.2 0zM12 4c2.2 0 2.4 0 3.3.1 2.2.1 3.2 1.1 3.3 3.3.1.9.1 1.1.1 3.3v2.6c0 2.2 0 2.4-.1 3.3-.1 2.2-1.1 3.2-3.3 3.3-.9.1-1.1.1-3.3.1s-2.4 0-3.3-.1c-2.2-.1-3.2-1.1-3.3-3.3C5.3 15.7 5.3 15.5 5.3 13.3v-2.6c0-2.2 0-2.4.1-3.3.1-2.2 1.1-3.2 3.3-3.3C9.6 4 9.8 4 12 4z',
  }
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={paths[name]} fill="currentColor" />
    </svg>
  )
}

/** Signed in, the login link (kept: SPEC 2.3 lists it) says where it now leads: the login page
 * sends a signed-in candidate to the dashboard. */
export function useCandidateLinks(): FooterLink[] {
  const signedIn = useSession('candidate').status === 'authenticated'
  return signedIn ? CANDIDATES.map((l) => (l.to === '/candidate/login' ? { ...l, label: 'My dashboard' } : l)) : CANDIDATES
}
