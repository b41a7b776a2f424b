/** Bearer calls of the candidate portal: the stored candidate token, or a 401 without one. */
import { ApiError, apiFetch, type RequestOptions } from '../../../lib/api'
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
  const res = await fetch(path, { headers: { Authorization: `Bearer ${candidateToken()}` } })
  if (!res.ok) {
    let message = `Request failed with status ${res.status}`
    try {
      const body: unknown = await res.json()
      if (body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string') {
        message = (body as { error: string }).error
      }
    } catch {
      // not JSON: keep the generic text
    }
    throw new ApiError(res.status, message)
  }
  const blob = await res.blob()
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  document.body.appendChild(a)
  a.click()
  a.remove()
  URL.revokeObjectURL(url)
}
