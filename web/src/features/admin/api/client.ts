/** Bearer calls of the admin workspace: the stored admin token, or a 401 without one. */
import { ApiError, apiFetch, type RequestOptions } from '../../../lib/api'
import { sessionToken } from '../../../lib/session'

export const ADMIN_SESSION_EXPIRED = 'Your session has expired. Please sign in again.'

function token(): string {
  const t = sessionToken('admin')
  if (!t) throw new ApiError(401, ADMIN_SESSION_EXPIRED)
  return t
}

export function adminFetch<T>(path: string, opts: Omit<RequestOptions, 'token'> = {}): Promise<T> {
  return apiFetch<T>(path, { ...opts, token: token() })
}

/** POST with a JSON body; the common shape of every admin command. */
export const adminPost = <T>(path: string, body: unknown = {}) => adminFetch<T>(path, { method: 'POST', body })

/** A path segment, escaped. */
export const seg = (id: string) => encodeURIComponent(id)

/** A list from a body that should be one (an unexpected shape reads as empty, not as a crash). */
export const asList = <T>(data: unknown): T[] => (Array.isArray(data) ? (data as T[]) : [])
