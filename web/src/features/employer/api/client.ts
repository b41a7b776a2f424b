/** Bearer calls of the employer workspace: the stored employer token, or a 401 without one. */
import { ApiError, apiFetch, type RequestOptions } from '../../../lib/api'
import { sessionToken } from '../../../lib/session'

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.'

function employerToken(): string {
  const token = sessionToken('employer')
  if (!token) throw new ApiError(401, SESSION_EXPIRED)
  return token
}

export function employerFetch<T>(path: string, opts: Omit<RequestOptions, 'token'> = {}): Promise<T> {
  return apiFetch<T>(path, { ...opts, token: employerToken() })
}

/** POST with a JSON body; the common shape of every employer command. */
export const employerPost = <T>(path: string, body: unknown = {}) => employerFetch<T>(path, { method: 'POST', body })
