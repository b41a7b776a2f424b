/** Calls about the signed-in person's own account, from whichever portal they are in (candidate or employer). */
import { ApiError } from '../../../lib/api'
import { sessionToken } from '../../../lib/session'

export type AccountRole = 'candidate' | 'employer'

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.'

export function accountToken(role: AccountRole): string {
  const token = sessionToken(role)
  if (!token) throw new ApiError(401, SESSION_EXPIRED)
  return token
}
