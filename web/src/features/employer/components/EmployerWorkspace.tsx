/**
 * The employer workspace frame: the shared AppShell with the employer's sections, the bell, the
 * session timer banner (SPEC 4, 6) and the session's one socket (RealtimeProvider) that feeds both
 * the bell and the live board. Each screen below it sets the top bar's h1 through useWorkspaceTitle.
 */
import { useCallback, useState } from 'react'
import { Outlet, useNavigate } from 'react-router'
import { AppShell, type ShellNavItem } from '../../../components/ui/AppShell'
import { logoutTo, SESSION_EXPIRED_MESSAGE, useEmployerSessionTimer, useSession } from '../../auth'
import { RealtimeProvider } from '../../../lib/realtime/RealtimeProvider'
import { NotificationBell, useNotificationFeed } from '../../notifications'
import { useEmployerLive } from '../hooks/useEmployerLive'
import { WorkspaceTitleContext } from './workspaceTitle'
import '../employer.css'
import '../pipeline.css'
import '../applicant.css'
import '../jobs-table.css'

const NAV: ShellNavItem[] = [
  { to: '/dashboard', label: 'Jobs', short: 'Jobs', icon: 'briefcase', end: true },
  { to: '/dashboard/interviews', label: 'Interviews', short: 'Interviews', icon: 'calendar' },
  { to: '/dashboard/jobs/new', label: 'Post a job', short: 'Post', icon: 'plus' },
  { to: '/dashboard/company', label: 'Company profile', short: 'Company', icon: 'building' },
  { to: '/dashboard/privacy', label: 'Privacy', short: 'Privacy', icon: 'shield' },
]

export default function EmployerWorkspace() {
  const session = useSession('employer')
  const token = session.status === 'authenticated' ? session.token : null
  return (
    <RealtimeProvider role="employer" token={token}>
      <EmployerFrame session={session} />
    </RealtimeProvider>
  )
}

function EmployerFrame({ session }: { session: ReturnType<typeof useSession> }) {
  useNotificationFeed('employer')
  useEmployerLive()
  const navigate = useNavigate()
  const token = session.status === 'authenticated' ? session.token : null
  const user = session.status === 'authenticated' ? session.user : null
  const onExpired = useCallback(() => logoutTo('employer', navigate, SESSION_EXPIRED_MESSAGE), [navigate])
  const timer = useEmployerSessionTimer(token, onExpired)
  const [title, setTitle] = useState('')

  return (
    <AppShell
      brand={
        <>
          Harbour IT · Employer
          {user?.name ? <span className="ws-brand-user">{user.name}</span> : null}
          {user?.company ? <span className="ws-brand-user">{user.company}</span> : null}
        </>
      }
      navLabel="Workspace"
      nav={NAV}
      heading={<h1>{title || 'Employer workspace'}</h1>}
      actions={<NotificationBell role="employer" />}
      onSignOut={() => logoutTo('employer', navigate)}
    >
      {timer && timer.status !== 'active' && timer.message ? (
        <div className={`staff-session staff-session-${timer.status}`} role="alert">
          {timer.message}
        </div>
      ) : null}
      <WorkspaceTitleContext.Provider value={setTitle}>
        <Outlet />
      </WorkspaceTitleContext.Provider>
    </AppShell>
  )
}
