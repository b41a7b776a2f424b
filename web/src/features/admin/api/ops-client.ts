/** Bearer calls of the admin operations screens: the stored admin token, or a 401 without one. */
import { ApiError, apiFetch, type RequestOptions } from '../../../lib/api'
import { sessionToken } from '../../../lib/session'

export const OPS_SESSION_EXPIRED = 'Your session has expired. Please sign in again.'

export function adminToken(): string {
  const token = sessionToken('admin')
  if (!token) throw new ApiError(401, OPS_SESSION_EXPIRED)
  return token
}

export function opsFetch<T>(path: string, opts: Omit<RequestOptions, 'token'> = {}): Promise<T> {
  return apiFetch<T>(path, { ...opts, token: adminToken() })
}

/** A path with its query string; empty and missing values are left out. */
export function withQuery(path: string, params: Record<string, string | number | null | undefined>): string {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v))
  }
  const s = q.toString()
  return s ? `${path}?${s}` : path
}

/** Retry a failed read once, unless the server refused it on purpose (4xx: not found, not allowed, bad input). */
export function retryServerErrors(failures: number, error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status
  if (typeof status === 'number' && status >= 400 && status < 500) return false
  return failures < 1
}
