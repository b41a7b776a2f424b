/** Bearer calls of the admin workspace: the stored admin token, or a 401 without one. */
import { bearerFetch, type RequestOptions } from '../../../lib/api'

export function adminFetch<T>(path: string, opts: Omit<RequestOptions, 'token'> = {}): Promise<T> {
  return bearerFetch<T>('admin', path, opts)
}

/** POST with a JSON body; the common shape of every admin command. */
export const adminPost = <T>(path: string, body: unknown = {}) => adminFetch<T>(path, { method: 'POST', body })

/** A path segment, escaped. */
export const seg = (id: string) => encodeURIComponent(id)

/** A list from a body that should be one (an unexpected shape reads as empty, not as a crash). */
export const asList = <T>(data: unknown): T[] => (Array.isArray(data) ? (data as T[]) : [])
