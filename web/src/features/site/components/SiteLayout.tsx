/**
 * The public chrome around every public and candidate page: nav, main outlet, footer (SPEC 2.3).
 * On the candidate portal the footer is the compact one (the same contents, not a marketing block)
 * and, on a phone, the header keeps only the logo, the portal's bell and the account menu: the
 * portal's bottom navigation is the one way around (issue 27, docs/JOURNEYS.md).
 */
import { Suspense, type ReactNode } from 'react'
import { Outlet, useMatch } from 'react-router'
import { HeaderSlotProvider } from '../../../components/ui/HeaderSlot'
import { useRouteEffects } from '../hooks/useRouteEffects'
import { CompactFooter } from './CompactFooter'
import { SiteFooter } from './SiteFooter'
import { SiteNav } from './SiteNav'
import '../site.css'

type SiteLayoutProps = {
  /** Force nav and footer links into new tabs; defaults to on under /candidate/dashboard. */
  linksInNewTab?: boolean
  /** Content to show instead of the route outlet (for reuse outside the router tree's outlet). */
  children?: ReactNode
}

export function SiteLayout({ linksInNewTab, children }: SiteLayoutProps) {
  useRouteEffects()
  const onDashboard = useMatch('/candidate/dashboard/*') !== null
  const newTab = linksInNewTab ?? onDashboard
  return (
    <HeaderSlotProvider>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <SiteNav linksInNewTab={newTab} portal={onDashboard} />
      <main id="main-content" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>{children ?? <Outlet />}</Suspense>
      </main>
      {onDashboard ? <CompactFooter linksInNewTab={newTab} /> : <SiteFooter linksInNewTab={newTab} />}
    </HeaderSlotProvider>
  )
}

export function PageLoading() {
  return (
    <div className="page-loading" aria-busy="true">
      <div className="spinner" aria-hidden="true" />
      Loading…
    </div>
  )
}
