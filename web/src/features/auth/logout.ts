/**
 * What signing out does per role (SPEC 4): end the session on the server (issue 26: the token is
 * refused from then on), clear storage, go to the login screen. The server call is sent and not
 * waited for: leaving never hangs on the network, and a failed call still leaves.
 */
import { endSession, type Role } from '../../lib/session'
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
  endSession('admin', { signedOut: true })
  clearTwoFactorEnrolment()
  navigate('/login', { replace: true })
  schedule(reload, ADMIN_RELOAD_DELAY_MS)
}

/**
 * Employer and candidate: end the session, clear and go to the role's login screen. With `message`
 * (why it ended, e.g. 'Session expired') the login screen shows it once; without, the person
 * signed out on purpose.
 */
export function logoutTo(role: Exclude<Role, 'admin'>, navigate: Navigate, message?: string) {
  void revokeSession(role)
  endSession(role, message ? { notice: message } : { signedOut: true })
  navigate(role === 'candidate' ? '/candidate/login' : '/login', { replace: true })
}
