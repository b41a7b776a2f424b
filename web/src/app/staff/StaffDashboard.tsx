/** The admin / employer dashboard placeholder in the shared AppShell: who is signed in, sign out, the employer session banner. */
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { AppShell, type ShellNavItem } from '../../components/ui/AppShell'
import { Card } from '../../components/ui/Card'
import { useDocumentTitle } from '../../hooks/useDocumentTitle'
import { logoutAdmin, logoutTo, SESSION_EXPIRED_MESSAGE, useEmployerSessionTimer, useSession } from '../../features/auth'
import { NotificationBell, useNotificationSocket } from '../../features/notifications'

const STAFF_NAV: ShellNavItem[] = [{ to: '/dashboard', label: 'Overview', short: 'Home', icon: 'grid', end: true }]

export function StaffDashboard({ site }: { site: 'admin' | 'employer' }) {
  const session = useSession(site)
  const navigate = useNavigate()
  useDocumentTitle(site === 'admin' ? 'Admin Dashboard' : 'Employer Dashboard')
  const token = session.status === 'authenticated' ? session.token : null
  const user = session.status === 'authenticated' ? session.user : null
  const { connected } = useNotificationSocket(site, token)

  const onExpired = useCallback(() => logoutTo('employer', navigate, SESSION_EXPIRED_MESSAGE), [navigate])
  const timer = useEmployerSessionTimer(site === 'employer' ? token : null, onExpired)

  const signOut = () => (site === 'admin' ? logoutAdmin(navigate) : logoutTo('employer', navigate))

  return (
    <AppShell
      brand={`Harbour IT · ${site === 'admin' ? 'Admin' : 'Employer'}`}
      navLabel="Dashboard"
      nav={site === 'admin' ? [...STAFF_NAV, { to: '/components', label: 'Components', short: 'Kit', icon: 'grid' }] : STAFF_NAV}
      heading={<h1>{site === 'admin' ? 'Admin Dashboard' : 'Employer Dashboard'}</h1>}
      actions={<NotificationBell role={site} connected={connected} />}
      onSignOut={signOut}
    >
      {timer && timer.status !== 'active' && timer.message ? (
        <div className={`staff-session staff-session-${timer.status}`} role="alert">
          {timer.message}
        </div>
      ) : null}
      <Card>
        <p>
          Signed in as <strong>{user?.name ?? user?.email ?? 'unknown user'}</strong>
          {user?.company ? ` (${user.company})` : ''}
        </p>
      </Card>
    </AppShell>
  )
}
