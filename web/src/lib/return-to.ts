/**
 * "Come back here after signing in": a role's route guard sends a signed-out visitor to the role's
 * sign-in page with `?to=<the page they asked for>`, and signing in goes on there instead of the
 * role's default landing. Only a path inside the role's own signed-in area travels (a candidate's
 * under /candidate/dashboard, an admin's or employer's under /dashboard on their own host), read
 * back through safeReturnPath, so the parameter can never send anyone to another site (a full URL,
 * `//host`, `/\host`) or to a page outside that area.
 */
import type { Role } from './session'

export const RETURN_PARAM = 'to'

/** Each role's signed-in area: where signing in lands by default, and the only place `to` may lead. */
export const SIGNED_IN_HOME: Record<Role, string> = {
  candidate: '/candidate/dashboard',
  employer: '/dashboard',
  admin: '/dashboard',
}

// longer than any page of ours with its filters; a longer value is not one of our addresses
const MAX_RETURN_LENGTH = 2000
// an origin that cannot be ours: a value that parses onto any other origin was not a plain path
const PROBE_ORIGIN = 'https://return-to.invalid'

/**
 * `raw` as a path (with its query, without any fragment) inside `role`'s signed-in area, or null.
 * Dot segments are resolved first (`/candidate/dashboard/../../x` is `/x`, refused), and anything a
 * browser could read as another host (a scheme, `//`, a backslash, control characters it strips)
 * is refused.
 */
export function safeReturnPath(role: Role, raw: string | null | undefined): string | null {
  if (!raw || raw.length > MAX_RETURN_LENGTH) return null
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (!raw.startsWith('/') || raw.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(raw)) return null
  let url: URL
  try {
    url = new URL(raw, PROBE_ORIGIN)
  } catch {
    return null
  }
  if (url.origin !== PROBE_ORIGIN) return null
  const home = SIGNED_IN_HOME[role]
  if (url.pathname !== home && !url.pathname.startsWith(`${home}/`)) return null
  return `${url.pathname}${url.search}`
}

/** Where a query string (`?to=...`) asks to come back to after signing in as `role`, or null. */
export function returnPath(role: Role, search: string | URLSearchParams): string | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search
  return safeReturnPath(role, params.get(RETURN_PARAM))
}

/**
 * `path` (a sign-in or sign-up page) asking to come back to `target` after signing in as `role`;
 * `path` alone when `target` is not a safe return or is the default landing anyway.
 */
export function withReturnPath(path: string, role: Role, target: string | null | undefined): string {
  const safe = safeReturnPath(role, target)
  const home = SIGNED_IN_HOME[role]
  if (!safe || safe === home || safe === `${home}/`) return path
  // slashes are left readable: they are allowed in a query and the value is read back decoded
  return `${path}?${RETURN_PARAM}=${encodeURIComponent(safe).replace(/%2F/g, '/')}`
}
