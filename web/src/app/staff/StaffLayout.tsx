/** Chrome of the admin and employer hosts, the route guard and the error screen. */
import { Suspense, type ReactNode } from 'react'
import { Navigate, Outlet, useMatch } from 'react-router'
import { ErrorBoundary } from '../../components/ui/ErrorBoundary'
import { useSession } from '../../features/auth'
import './staff.css'

export function StaffLayout({ site }: { site: 'admin' | 'employer' }) {
  // the dashboard and the component page bring their own frame (AppShell); the header is for
  // the sign-in screens
  const dashboard = useMatch('/dashboard/*')
  const catalogue = useMatch('/components')
  const inWorkspace = dashboard ?? catalogue
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

/** /dashboard/* needs a valid session of this host's role; otherwise /login. */
export function RequireStaff({ role }: { role: 'admin' | 'employer' }) {
  const session = useSession(role)
  if (session.status !== 'authenticated') return <Navigate to="/login" replace />
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
