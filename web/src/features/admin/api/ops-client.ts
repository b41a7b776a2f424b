/** Bearer calls of the admin operations screens: the workspace's one client (client.ts), so the enrolment gate and step-up hold here too. */
import { sessionBearer, type RequestOptions } from '../../../lib/api'
import { adminFetch } from './client'

export const adminToken = (): string => sessionBearer('admin')

export function opsFetch<T>(path: string, opts: Omit<RequestOptions, 'token'> = {}): Promise<T> {
  return adminFetch<T>(path, opts)
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
