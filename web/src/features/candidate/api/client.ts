/** Bearer calls of the candidate portal: the stored candidate token, or a 401 without one. */
import { ApiError, apiFetch, type RequestOptions } from '../../../lib/api'
import { fetchAttachment, saveBlob } from '../../../lib/download'
import { sessionToken } from '../../../lib/session'

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.'

export function candidateToken(): string {
  const token = sessionToken('candidate')
  if (!token) throw new ApiError(401, SESSION_EXPIRED)
  return token
}

export function candidateFetch<T>(path: string, opts: Omit<RequestOptions, 'token'> = {}): Promise<T> {
  return apiFetch<T>(path, { ...opts, token: candidateToken() })
}

/** Files come back as attachments: fetch with the bearer token, then hand the blob to the browser. */
export async function downloadWithToken(path: string, filename: string): Promise<void> {
  const { blob } = await fetchAttachment(path, candidateToken())
  saveBlob(blob, filename)
}
