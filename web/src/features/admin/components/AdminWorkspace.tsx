/**
 * The admin workspace frame: the shared AppShell with every section in the sidebar (on a phone the
 * four most used and "More"), the team's tools quietly at its foot, the bell, and the session's one socket (RealtimeProvider) that feeds
 * the bell and the live screens (`admin_updated {topic}` → those queries are read again). The heading comes
 * from the path, so every screen, wherever it was written, sits under the same h1.
 * Until two-factor sign-in is set up (issue 26) the frame holds only the enrolment gate and Sign
 * out: no sections, no bell, no socket. StepUpHost is the "Confirm it's you" prompt every screen's
 * sensitive action shares.
 */
import { Link, Outlet, useLocation, useNavigate } from 'react-router'
import { AppShell, SHELL_MOBILE_QUERY } from '../../../components/ui/AppShell'
import { useMediaQuery } from '../../../hooks/useMediaQuery'
import { logoutAdmin, useSession, useTwoFactorEnrolment } from '../../auth'
import { RealtimeProvider } from '../../../lib/realtime/RealtimeProvider'
import { NotificationBell, useNotificationFeed } from '../../notifications'
import { useAdminLive } from '../hooks/useAdminLive'
import { ADMIN_NAV, ADMIN_PHONE_NAV, adminHeading, TEAM_TOOLS } from '../model/sections'
import { ENROLMENT_HEADING, EnrolmentGate } from './EnrolmentGate'
import { StepUpHost } from './StepUpDialog'
import '../admin.css'
// the list, filter, chart and event styles of every admin screen (ops-*): all of them sit in this frame
import '../ops.css'

export default function AdminWorkspace() {
  const session = useSession('admin')
  const gated = useTwoFactorEnrolment()
  const token = session.status === 'authenticated' && !gated ? session.token : null
  const user = session.status === 'authenticated' ? session.user : null
  return (
    <RealtimeProvider role="admin" token={token}>
      <AdminFrame gated={gated} userName={user?.name} />
    </RealtimeProvider>
  )
}

function AdminFrame({ gated, userName }: { gated: boolean; userName: string | undefined }) {
  useNotificationFeed('admin')
  useAdminLive()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const isPhone = useMediaQuery(SHELL_MOBILE_QUERY)

  return (
    <AppShell
      brand={
        <>
          Harbour IT · Admin
          {userName ? <span className="ws-brand-user">{userName}</span> : null}
        </>
      }
      navLabel="Admin workspace"
      nav={gated ? [] : isPhone ? ADMIN_PHONE_NAV : ADMIN_NAV}
      heading={<h1>{gated ? ENROLMENT_HEADING : adminHeading(pathname)}</h1>}
      actions={gated ? undefined : <NotificationBell role="admin" />}
      onSignOut={() => logoutAdmin(navigate)}
      footer={
        gated ? undefined : (
          <nav aria-label="Team tools" className="adm-team-tools">
            {TEAM_TOOLS.map((t) => (
              <Link key={t.to} to={t.to}>
                {t.label}
              </Link>
            ))}
          </nav>
        )
      }
    >
      {gated ? <EnrolmentGate /> : <Outlet />}
      <StepUpHost />
    </AppShell>
  )
}
