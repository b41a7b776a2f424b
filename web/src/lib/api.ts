/**
 * The one fetch wrapper: JSON in and out, `{error}` bodies turned into ApiError; bearer calls as a
 * signed-in role, where a 401 means the server has ended that role's session (withBearer).
 */
import { refusedSession, sessionToken, type Role } from './session'

export class ApiError extends Error {
  readonly status: number
  /** the body's machine-readable `code` when the server sent one (e.g. `step_up_required`) */
  readonly code?: string
  constructor(status: number, message: string, code?: string) {
    super(message)
    this.status = status
    if (code) this.code = code
  }
}

/** Whether `err` is the server's refusal with this machine-readable `code`. */
export const hasErrorCode = (err: unknown, code: string): err is ApiError => err instanceof ApiError && err.code === code

/** The retry policy of a query for one item by id: a 404 will not become the item on a retry; any other failure is tried once more. */
export const retryUnlessNotFound = (failures: number, error: Error): boolean =>
  !(error instanceof ApiError && error.status === 404) && failures < 1

export type RequestOptions = {
  method?: string
  body?: unknown
  token?: string | null
  signal?: AbortSignal
  /** the request outlives the page (a sign-out sent just before the page reloads) */
  keepalive?: boolean
}

// The server answers every command with the global position it wrote; sending
// it back on later reads makes them wait until the read models include that
// write (read-your-writes). Only the newest one matters.
const CONSISTENCY_HEADER = 'X-Consistency-Token'
let lastWritten: number | null = null

export function rememberConsistency(value: string | null): void {
  const n = value === null ? NaN : Number(value)
  if (Number.isFinite(n) && n > 0 && (lastWritten === null || n > lastWritten)) lastWritten = n
}

export function consistencyToken(): string | null {
  return lastWritten === null ? null : String(lastWritten)
}

export async function apiFetch<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  const method = opts.method ?? 'GET'
  if (method === 'GET' && lastWritten !== null) headers[CONSISTENCY_HEADER] = String(lastWritten)
  let body: BodyInit | undefined
  if (opts.body instanceof FormData) {
    body = opts.body
  } else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(opts.body)
  }
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`
  const res = await fetch(path, { method, headers, body, signal: opts.signal, ...(opts.keepalive ? { keepalive: true } : {}) })
  rememberConsistency(res.headers?.get?.(CONSISTENCY_HEADER) ?? null)
  const text = await res.text()
  let data: unknown = undefined
  if (text) {
    try {
      data = JSON.parse(text)
    } catch {
      data = text
    }
  }
  if (!res.ok) throw new ApiError(res.status, failureText(res.status, data), failureCode(data))
  return data as T
}

/** What a call that needs a session fails with when there is no valid one (401). */
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.'

/** The stored token of `role`'s session, or a 401 ApiError without one (nothing is sent). */
export function sessionBearer(role: Role): string {
  const token = sessionToken(role)
  if (!token) throw new ApiError(401, SESSION_EXPIRED)
  return token
}

/**
 * `call` made with `role`'s stored token (a 401 without one, and nothing is sent). The server's 401
 * to it means it has ended that session, so the tab ends it too (lib/session's endRefusedSession:
 * the role's guard then sends the person to sign in, saying why). Every bearer call goes through here.
 */
export async function withBearer<T>(role: Role, call: (token: string) => Promise<T>): Promise<T> {
  const token = sessionBearer(role)
  try {
    return await call(token)
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) refusedSession(role, token)
    throw err
  }
}

/** A call with `role`'s bearer token: what each portal's own client (candidateFetch, employerFetch, ...) makes. */
export function bearerFetch<T>(role: Role, path: string, opts: Omit<RequestOptions, 'token'> = {}): Promise<T> {
  return withBearer(role, (token) => apiFetch<T>(path, { ...opts, token }))
}

/** The machine-readable `code` of an error body, when it has one. */
function failureCode(data: unknown): string | undefined {
  const code = data && typeof data === 'object' ? (data as { code?: unknown }).code : undefined
  return typeof code === 'string' && code ? code : undefined
}

/**
 * What a failed call says: the body's `error` (the API's error shape), else its `message` (the
 * privacy endpoints' contract words refusals as `{"message": ...}`; either is shown as sent), else a
 * generic line that `serverMessage` knows to replace with the screen's own words.
 */
export function failureText(status: number, data: unknown): string {
  if (data && typeof data === 'object') {
    const { error, message } = data as { error?: unknown; message?: unknown }
    if (typeof error === 'string' && error) return error
    if (typeof message === 'string' && message) return message
  }
  return `Request failed with status ${status}`
}
