/**
 * The workspace frame of the candidate portal and the employer and admin dashboards. From 768 px:
 * a sidebar that stays in view while the page scrolls (navigation on top, sign-out at its foot)
 * beside a top bar. Under 768 px: the top bar keeps the actions and a fixed bottom navigation
 * takes the sections; the page reserves the navigation's height (body:has(.app-bottom-nav)) so
 * it never covers content or the footer.
 *
 * Inside an outer site header (the candidate portal, HeaderSlotProvider), a phone gets one
 * navigation layer: the bottom navigation. The top bar is not drawn; the heading opens the page and
 * the actions (the bell) go into the site header beside its account menu, which holds sign-out.
 * They go there through a React portal, so they keep this tree's providers (the query client);
 * the screen passes react-dom's createPortal in (`portal`) rather than this module importing it:
 * this module is in the chunk the public pages load while the entry chunk, which holds react-dom,
 * is still starting up, and calling into react-dom from there fails.
 */
import type { ReactNode } from 'react'
import { NavLink } from 'react-router'
import { useMediaQuery } from '../../hooks/useMediaQuery'
import { useHeaderSlot } from './HeaderSlot'
import { Icon, type IconName } from './Icon'
import './workspace.css'
import './app-shell.css'

export const SHELL_MOBILE_QUERY = '(max-width: 767.98px)'

export type ShellNavItem = { to: string; label: string; short?: string; icon: IconName; end?: boolean }

type Props = {
  brand: ReactNode
  /** accessible name of the section navigation */
  navLabel: string
  nav: ShellNavItem[]
  /** the top bar's heading (an h1, or an alert standing in for it) */
  heading: ReactNode
  /** the top bar's right-hand side: the bell and the like */
  actions?: ReactNode
  onSignOut?: () => void
  /** quiet links at the sidebar's foot beside sign-out (tools for the team, not sections) */
  footer?: ReactNode
  /** react-dom's createPortal, to put the actions into an outer site header (HeaderSlot) on a phone */
  portal?: (children: ReactNode, container: Element) => ReactNode
  children: ReactNode
}

export function AppShell({ brand, navLabel, nav, heading, actions, onSignOut, footer, portal, children }: Props) {
  const isMobile = useMediaQuery(SHELL_MOBILE_QUERY)
  const headerSlot = useHeaderSlot()
  const inSiteHeader = isMobile && headerSlot !== null && portal !== undefined
  const links = (variant: 'side' | 'bottom') =>
    nav.map((t) => (
      <NavLink key={t.to} to={t.to} end={t.end} className={({ isActive }) => `app-tab app-tab-${variant}${isActive ? ' is-active' : ''}`}>
        <Icon name={t.icon} size={variant === 'side' ? 18 : 20} />
        <span>{variant === 'side' ? t.label : (t.short ?? t.label)}</span>
      </NavLink>
    ))
  const signOut = (where: string) =>
    onSignOut ? (
      <button type="button" className={`btn btn-ghost btn-sm app-signout app-signout-${where}`} onClick={onSignOut}>
        <Icon name="logout" size={16} />
        Sign out
      </button>
    ) : null

  // One tree for both layouts, with the page always at the same place in it: crossing 768 px
  // (a rotated phone, a resized window, a full-page screenshot) must not remount the page and
  // throw away its open dialogs, choices and half-typed forms.
  return (
    <div className={`app-shell ${isMobile ? 'app-shell-mobile' : 'app-shell-desktop'}`}>
      {isMobile ? null : (
        <div className="app-sidebar">
          <div className="app-sidebar-inner">
            <p className="app-brand">{brand}</p>
            {nav.length > 0 ? <nav aria-label={navLabel}>{links('side')}</nav> : null}
            <div className="spread-row app-sidebar-foot">
              {footer}
              {signOut('side')}
            </div>
          </div>
        </div>
      )}
      <div className="app-main">
        {inSiteHeader ? (
          <div className="app-heading-plain">{heading}</div>
        ) : (
          <header className="app-topbar">
            <div className="app-topbar-heading">{heading}</div>
            {actions || isMobile ? (
              <div className="app-topbar-actions">
                {actions}
                {isMobile ? signOut('top') : null}
              </div>
            ) : null}
          </header>
        )}
        {inSiteHeader && headerSlot.element && actions ? portal(actions, headerSlot.element) : null}
        <div className="app-content">{children}</div>
      </div>
      {isMobile && nav.length > 0 ? (
        <nav className="app-bottom-nav" aria-label={navLabel}>
          {links('bottom')}
        </nav>
      ) : null}
    </div>
  )
}
