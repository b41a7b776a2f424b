/** The admin / employer dashboard placeholder: who is signed in, sign out, the employer session banner. */
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { logoutAdmin, logoutTo, SESSION_EXPIRED_MESSAGE, useEmployerSessionTimer, useSession } from '../../features/auth'
import { NotificationBell, useNotificationSocket } from '../../features/notifications'

export function StaffDashboard({ site }: { site: 'admin' | 'employer' }) {
  const session = useSession(site)
  const navigate = useNavigate()
  const token = session.status === 'authenticated' ? session.token : null
  const user = session.status === 'authenticated' ? session.user : null
  const { connected } = useNotificationSocket(site, token)

  const onExpired = useCallback(() => logoutTo('employer', navigate, SESSION_EXPIRED_MESSAGE), [navigate])
  const timer = useEmployerSessionTimer(site === 'employer' ? token : null, onExpired)

  const signOut = () => (site === 'admin' ? logoutAdmin(navigate) : logoutTo('employer', navigate))

  return (
    <div className="staff-dashboard">
      {timer && timer.status !== 'active' && timer.message ? (
        <div className={`staff-session staff-session-${timer.status}`} role="alert">
          {timer.message}
        </div>
      ) : null}
      <div className="staff-dash-head">
        <h1>{site === 'admin' ? 'Admin Dashboard' : 'Employer Dashboard'}</h1>
        <div className="staff-dash-actions">
          <NotificationBell role={site} connected={connected} />
          <button type="button" className="staff-btn" onClick={signOut}>
            Sign out
          </button>
        </div>
      </div>
      <p>
        Signed in as <strong>{user?.name ?? user?.email ?? 'unknown user'}</strong>
        {user?.company ? ` (${user.company})` : ''}
      </p>
    </div>
  )
}
