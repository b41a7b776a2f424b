/**
 * POST /api/auth/sign-out (any role's bearer) → 200 `{message}`: the server refuses that token from
 * then on. Every way out of a session sends it before the tab lets go of the session; a failure (no
 * network, a token the server already refused) changes nothing about leaving.
 */
import type { ApiReply } from '../../../api'
import { apiFetch } from '../../../lib/api'
import { sessionToken, type Role } from '../../../lib/session'

export function signOutRequest(token: string): Promise<{ message?: string }> {
  // keepalive: the admin's sign-out reloads the page a moment later, which must not cancel it
  return apiFetch<ApiReply<'sign_out'>>('/api/auth/sign-out', { method: 'POST', token, keepalive: true })
}

/**
 * Asks the server to end `role`'s stored session, if there is a valid one, and never fails: the
 * caller clears the stored session at once, whatever the answer (or none) says. An expired token
 * is not sent: the server refuses it anyway.
 */
export function revokeSession(role: Role): Promise<void> {
  const token = sessionToken(role)
  if (!token) return Promise.resolve()
  return signOutRequest(token).then(
    () => undefined,
    () => undefined,
  )
}
