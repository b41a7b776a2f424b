/** Chrome of the admin and employer hosts, the route guard and the router error screen. */
import { isRouteErrorResponse, Navigate, Outlet, useMatch, useRouteError } from 'react-router'
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
        <Outlet />
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

export function StaffRouteError() {
  const error = useRouteError()
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error)
  return (
    <main className="staff-error">
      <h1>Unexpected Application Error!</h1>
      <p>{detail}</p>
    </main>
  )
}
