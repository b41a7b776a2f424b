/** Chrome of the admin and employer hosts, the route guard and the error screen. */
import { useQueryClient } from '@tanstack/react-query'
import { Suspense, useEffect, type ReactNode } from 'react'
import { Navigate, Outlet, useLocation, useMatch } from 'react-router'
import { ErrorBoundary } from '../../components/ui/ErrorBoundary'
import { withReturnPath } from '../../lib/return-to'
import { sessionEnd } from '../../lib/session'
import { useSession } from '../../features/auth'
import { useScrollToTopOnNavigate } from '../../hooks/useScrollToTopOnNavigate'
import './staff.css'

export function StaffLayout({ site }: { site: 'admin' | 'employer' }) {
  // the dashboard and the component page bring their own frame (AppShell); the header is for
  // the sign-in screens
  const dashboard = useMatch('/dashboard/*')
  const catalogue = useMatch('/components')
  const inWorkspace = dashboard ?? catalogue
  useScrollToTopOnNavigate()
  return (
    <div className="staff-shell">
      <a className="staff-skip" href="#main-content">
        Skip to content
      </a>
      {inWorkspace ? null : (
        <header className="staff-header">
          <span className="staff-brand">Harbour IT Recruitment</span>
          <span className="staff-site">{site === 'admin' ? 'Admin' : 'Employer'}</span>
        </header>
      )}
      <main id="main-content" tabIndex={-1}>
        <Suspense fallback={<StaffLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  )
}

export function StaffLoading() {
  return (
    <div className="page-loading" aria-busy="true">
      Loading…
    </div>
  )
}

/**
 * /dashboard/* needs a valid session of this host's role; otherwise /login, with the page asked for
 * (`?to=`, lib/return-to) so signing in comes back to it, unless the person has just signed out on
 * purpose. That includes a session the server has just ended (a 401: lib/api's withBearer). What
 * the tab cached is dropped as the session goes: the next person to sign in here must not see it.
 */
export function RequireStaff({ role }: { role: 'admin' | 'employer' }) {
  const session = useSession(role)
  const { pathname, search } = useLocation()
  const qc = useQueryClient()
  const signedIn = session.status === 'authenticated'
  useEffect(() => {
    if (!signedIn) qc.clear()
  }, [signedIn, qc])
  if (!signedIn) {
    const signedOut = sessionEnd(role)?.signedOut === true
    return <Navigate to={signedOut ? '/login' : withReturnPath('/login', role, `${pathname}${search}`)} replace />
  }
  return <Outlet />
}

export function StaffRouteError({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : String(error)
  return (
    <main className="staff-error">
      <h1>Unexpected Application Error!</h1>
      <p>{detail}</p>
    </main>
  )
}

/** Any screen that throws while rendering, or whose chunk cannot be loaded, is replaced by the
 *  error screen until the location changes. */
export function StaffErrorBoundary({ resetKey, children }: { resetKey: string; children: ReactNode }) {
  return (
    <ErrorBoundary resetKey={resetKey} fallback={(error) => <StaffRouteError error={error} />}>
      {children}
    </ErrorBoundary>
  )
}
