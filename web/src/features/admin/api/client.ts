/**
 * Bearer calls of the admin workspace: the stored admin token, or a 401 without one. Two refusals
 * are handled here, once for every screen (issue 26):
 * - `two_factor_enrolment_required` on a read raises the workspace's enrolment gate (two-factor is
 *   mandatory and this admin has none: nothing else will load). On a command it is an action that
 *   needs a code from an admin without two-factor sign-in (where it is optional, in development):
 *   the command fails with ENROLMENT_FIRST, and the workspace stays open.
 * - `step_up_required` asks for a code (api/step-up.ts) and then sends the same request once
 *   more; cancelled, the request fails with STEP_UP_CANCELLED.
 * Every admin screen (people, operations, audit) calls the host through this one client.
 */
import { ApiError, bearerFetch, hasErrorCode, type RequestOptions } from '../../../lib/api'
import { ENROLMENT_REQUIRED_CODE, setTwoFactorEnrolment } from '../../auth'
import { confirmItsYou, STEP_UP_CANCELLED, STEP_UP_CANCELLED_CODE, STEP_UP_REQUIRED_CODE } from './step-up'

export const ENROLMENT_FIRST =
  'Turn on two-factor sign-in first: this needs a code from your authenticator app. Set it up under Admins, then try again.'

export async function adminFetch<T>(path: string, opts: Omit<RequestOptions, 'token'> = {}): Promise<T> {
  try {
    return await bearerFetch<T>('admin', path, opts)
  } catch (err) {
    if (hasErrorCode(err, ENROLMENT_REQUIRED_CODE)) {
      if ((opts.method ?? 'GET') === 'GET') setTwoFactorEnrolment(true)
      else throw new ApiError(err.status, ENROLMENT_FIRST, err.code)
    }
    if (!hasErrorCode(err, STEP_UP_REQUIRED_CODE)) throw err
    const asked = confirmItsYou(err.message)
    if (!asked) throw err
    if (!(await asked)) throw new ApiError(403, STEP_UP_CANCELLED, STEP_UP_CANCELLED_CODE)
    // once: a second refusal stands (the bearer is read again, so this is the new session's)
    return bearerFetch<T>('admin', path, opts)
  }
}

/** POST with a JSON body; the common shape of every admin command. */
export const adminPost = <T>(path: string, body: unknown = {}) => adminFetch<T>(path, { method: 'POST', body })

/** A path segment, escaped. */
export const seg = (id: string) => encodeURIComponent(id)

/** A list from a body that should be one (an unexpected shape reads as empty, not as a crash). */
export const asList = <T>(data: unknown): T[] => (Array.isArray(data) ? (data as T[]) : [])

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
