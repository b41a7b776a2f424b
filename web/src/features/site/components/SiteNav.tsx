/** The public navigation bar (SPEC 2.3): logo, menu toggle, two dropdowns and the Contact Us button. */
import { useEffect, useRef, useState, type MouseEvent } from 'react'
import { Link, NavLink } from 'react-router'
import { HeaderSlotTarget } from '../../../components/ui/HeaderSlot'
import { hostFor } from '../../../lib/host'
import { COMPANY } from '../company'
import { useMediaQuery } from '../../../hooks/useMediaQuery'
import { useSession } from '../../auth'
import { AccountMenu } from './AccountMenu'

/** At this width and below the menu collapses and dropdowns open by click (SPEC 9). */
export const NAV_COMPACT_QUERY = '(max-width: 1024px)'

type DropdownId = 'seekers' | 'employers'

type SubItem = { label: string; to: string; external?: boolean; newTab?: boolean }

type SiteNavProps = {
  /** On the candidate dashboard every nav link opens in a new tab (SPEC 2.3). */
  linksInNewTab?: boolean
  /** On the candidate portal a phone shows only the logo, the portal's bell and the account menu. */
  portal?: boolean
}

export function employerLoginUrl(location: { protocol: string; hostname: string; port: string } = window.location) {
  return `${hostFor('employer', location)}/login`
}

export function SiteNav({ linksInNewTab = false, portal = false }: SiteNavProps) {
  const [menuOpen, setMenuOpen] = useState(false)
  const [dropdown, setDropdown] = useState<DropdownId | null>(null)
  const compact = useMediaQuery(NAV_COMPACT_QUERY)
  // signed in, the account menu takes Candidate Login's place
  const signedIn = useSession('candidate').status === 'authenticated'
  const navRef = useRef<HTMLElement>(null)

  useEffect(() => {
    if (!dropdown && !menuOpen) return
    const onPointer = (e: PointerEvent) => {
      if (navRef.current && !navRef.current.contains(e.target as Node)) {
        setDropdown(null)
        setMenuOpen(false)
      }
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setDropdown(null)
        setMenuOpen(false)
      }
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [dropdown, menuOpen])

  const close = () => {
    setMenuOpen(false)
    setDropdown(null)
  }

  const tab = linksInNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {}

  const seekerItems: SubItem[] = [
    { label: 'Find a Job', to: '/jobs/find' },
    { label: 'Career Advice', to: '/jobs/advice' },
    signedIn ? { label: 'My dashboard', to: '/candidate/dashboard/jobs' } : { label: 'Candidate Login', to: '/candidate/login', newTab: true },
  ]
  const employerItems: SubItem[] = [
    { label: 'Looking to Hire?', to: '/employers/hire' },
    { label: 'Reports & Resources', to: '/employers/resources' },
    { label: 'Employer Login', to: employerLoginUrl(), external: true, newTab: true },
  ]

  const renderLink = (to: string, label: string, end = false) => (
    <li className="nav-item">
      <NavLink to={to} end={end} className="nav-link" onClick={close} {...tab}>
        {label}
      </NavLink>
    </li>
  )

  const renderDropdown = (id: DropdownId, label: string, to: string, items: SubItem[]) => {
    const open = dropdown === id
    const onLabelClick = (e: MouseEvent) => {
      // Compact screens have no hover, so the label opens the menu instead of navigating.
      if (compact) {
        e.preventDefault()
        setDropdown(open ? null : id)
      } else {
        close()
      }
    }
    return (
      <li className={`nav-item nav-dropdown${open ? ' open' : ''}`}>
        <NavLink
          to={to}
          end
          className="nav-link"
          aria-expanded={compact ? open : undefined}
          aria-controls={compact ? `submenu-${id}` : undefined}
          onClick={onLabelClick}
          {...tab}
        >
          {label}
          <span className="caret" aria-hidden="true" />
        </NavLink>
        <ul className="submenu" id={`submenu-${id}`}>
          <li className="compact-only">
            <Link to={to} onClick={close} {...tab}>
              {label} overview
            </Link>
          </li>
          {items.map((item) => {
            const newTab = item.newTab || linksInNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {}
            return (
              <li key={item.to}>
                {item.external ? (
                  <a href={item.to} onClick={close} {...newTab}>
                    {item.label}
                  </a>
                ) : (
                  <Link to={item.to} onClick={close} {...newTab}>
                    {item.label}
                  </Link>
                )}
              </li>
            )
          })}
        </ul>
      </li>
    )
  }

  return (
    <header className={`site-header${portal ? ' site-header-portal' : ''}`}>
      <nav ref={navRef} className="container site-nav" aria-label="Main">
        <Link to="/" className="site-logo" onClick={close} {...tab}>
          <span className="site-logo-mark" aria-hidden="true">
            H
          </span>
          <span className="site-logo-text">
            Harbour <span>IT Recruitment</span>
          </span>
          <span className="visually-hidden">: {COMPANY.name} home</span>
        </Link>
        <HeaderSlotTarget className="site-header-slot" />
        <AccountMenu />
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          onClick={() => setMenuOpen((v) => !v)}
        >
          <span className="menu-toggle-bars" aria-hidden="true" />
          <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
        </button>
        <ul id="site-menu" className={`site-menu${menuOpen ? ' open' : ''}`}>
          {renderLink('/', 'Home', true)}
          {renderLink('/about', 'About Us')}
          {renderDropdown('seekers', 'For Job Seekers', '/job-seekers', seekerItems)}
          {renderDropdown('employers', 'For Employers', '/employers', employerItems)}
          {renderLink('/blogs', 'Blogs')}
          <li className="nav-item nav-cta">
            <Link to="/contact" className="btn btn-primary" onClick={close} {...tab}>
              Contact Us
            </Link>
          </li>
        </ul>
      </nav>
    </header>
  )
}
