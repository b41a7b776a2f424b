/** Bearer calls of the employer workspace: the stored employer token, or a 401 without one. */
import { bearerFetch, type RequestOptions } from '../../../lib/api'

export function employerFetch<T>(path: string, opts: Omit<RequestOptions, 'token'> = {}): Promise<T> {
  return bearerFetch<T>('employer', path, opts)
}

/** POST with a JSON body; the common shape of every employer command. */
export const employerPost = <T>(path: string, body: unknown = {}) => employerFetch<T>(path, { method: 'POST', body })
