/**
 * What signing out does per role (SPEC 4): end the session on the server (issue 26: the token is
 * refused from then on), clear storage, go to the login screen. The server call is sent and not
 * waited for: leaving never hangs on the network, and a failed call still leaves.
 */
import { clearSession, type Role } from '../../lib/session'
import { revokeSession } from './api/sign-out'
import { clearTwoFactorEnrolment } from './twoFactorEnrolment'

export const ADMIN_RELOAD_DELAY_MS = 100

type Navigate = (to: string, opts?: { replace?: boolean; state?: unknown }) => void

/** Admin: end the session, clear, go to /login, then force a page reload there after 100 ms. */
export function logoutAdmin(
  navigate: Navigate,
  reload: () => void = () => window.location.assign('/login'),
  schedule: (fn: () => void, ms: number) => unknown = setTimeout,
) {
  void revokeSession('admin')
  clearSession('admin')
  clearTwoFactorEnrolment()
  navigate('/login', { replace: true })
  schedule(reload, ADMIN_RELOAD_DELAY_MS)
}

/** Why the last session ended (e.g. 'Session expired'); the login screen shows it once. */
export const LOGOUT_NOTICE_KEY = 'sessionNotice'

/** Employer and candidate: end the session, clear and go to the role's login screen. */
export function logoutTo(role: Exclude<Role, 'admin'>, navigate: Navigate, message?: string) {
  // kept outside router state: the route guard may redirect first and drop navigation state
  if (message) sessionStorage.setItem(LOGOUT_NOTICE_KEY, message)
  void revokeSession(role)
  clearSession(role)
  navigate(role === 'candidate' ? '/candidate/login' : '/login', { replace: true })
}
