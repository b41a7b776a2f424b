/** What signing out does per role (SPEC 4): clear storage, go to the login screen. */
import { clearSession, type Role } from '../../lib/session'

export const ADMIN_RELOAD_DELAY_MS = 100

type Navigate = (to: string, opts?: { replace?: boolean; state?: unknown }) => void

/** Admin: clear, go to /login, then force a page reload there after 100 ms. */
export function logoutAdmin(
  navigate: Navigate,
  reload: () => void = () => window.location.assign('/login'),
  schedule: (fn: () => void, ms: number) => unknown = setTimeout,
) {
  clearSession('admin')
  navigate('/login', { replace: true })
  schedule(reload, ADMIN_RELOAD_DELAY_MS)
}

/** Why the last session ended (e.g. 'Session expired'); the login screen shows it once. */
export const LOGOUT_NOTICE_KEY = 'sessionNotice'

/** Employer and candidate: clear and go to the role's login screen. */
export function logoutTo(role: Exclude<Role, 'admin'>, navigate: Navigate, message?: string) {
  // kept outside router state: the route guard may redirect first and drop navigation state
  if (message) sessionStorage.setItem(LOGOUT_NOTICE_KEY, message)
  clearSession(role)
  navigate(role === 'candidate' ? '/candidate/login' : '/login', { replace: true })
}
