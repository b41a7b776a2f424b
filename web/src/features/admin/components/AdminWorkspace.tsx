/**
 * The admin workspace frame: the shared AppShell with every section in the sidebar (on a phone the
 * four most used and "More"), the bell, and one socket connection that feeds both the bell and
 * the live screens (`admin_updated {topic}` → those queries are read again). The heading comes
 * from the path, so every screen, wherever it was written, sits under the same h1.
 */
import { Link, Outlet, useLocation, useNavigate } from 'react-router'
import { AppShell, SHELL_MOBILE_QUERY } from '../../../components/ui/AppShell'
import { useMediaQuery } from '../../../hooks/useMediaQuery'
import { logoutAdmin, useSession } from '../../auth'
import { NotificationBell, useNotificationSocket } from '../../notifications'
import { useAdminLiveHandlers } from '../hooks/useAdminLive'
import { ADMIN_NAV, ADMIN_PHONE_NAV, adminHeading, TEAM_TOOLS } from '../model/sections'
import '../admin.css'

export default function AdminWorkspace() {
  const session = useSession('admin')
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const isPhone = useMediaQuery(SHELL_MOBILE_QUERY)
  const token = session.status === 'authenticated' ? session.token : null
  const user = session.status === 'authenticated' ? session.user : null
  const live = useAdminLiveHandlers()
  const { connected } = useNotificationSocket('admin', token, undefined, live)

  return (
    <AppShell
      brand={
        <>
          Harbour IT · Admin
          {user?.name ? <span className="ws-brand-user">{user.name}</span> : null}
        </>
      }
      navLabel="Admin workspace"
      nav={isPhone ? ADMIN_PHONE_NAV : ADMIN_NAV}
      heading={<h1>{adminHeading(pathname)}</h1>}
      actions={<NotificationBell role="admin" connected={connected} />}
      onSignOut={() => logoutAdmin(navigate)}
      footer={TEAM_TOOLS.map((t) => (
        <Link key={t.to} to={t.to}>
          {t.label}
        </Link>
      ))}
    >
      <Outlet />
    </AppShell>
  )
}
