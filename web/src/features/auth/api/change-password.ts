/**
 * POST /api/auth/change-password (any role's bearer) `{currentPassword, newPassword}` → 200
 * `{message, token}` (issue 26): every other session of the account ends, and this one carries on
 * with the new token, stored in place of the old. 422 `Your current password is not right`, the
 * register rule's message, `This password is too common. Choose one that is harder to guess.`,
 * `Your new password must be different from your current one`; 429 after too many tries.
 */
import { useMutation } from '@tanstack/react-query'
import type { ApiReply, ApiSchema } from '../../../api'
import { bearerFetch } from '../../../lib/api'
import { replaceSessionToken, swappingToken, type Role } from '../../../lib/session'

export type ChangePasswordPayload = Required<ApiSchema<'ChangePasswordBody'>>
export type ChangePasswordReply = ApiReply<'change_password'>

export const PASSWORD_CHANGED = 'Your password has been changed. You have been signed out on your other devices.'

export function changePassword(role: Role, payload: ChangePasswordPayload): Promise<ChangePasswordReply> {
  // the old token ends on the server before the new one is stored: a 401 meanwhile waits for it
  return swappingToken(role, async () => {
    const reply = await bearerFetch<ChangePasswordReply>(role, '/api/auth/change-password', { method: 'POST', body: payload })
    if (typeof reply?.token === 'string') replaceSessionToken(role, reply.token)
    return reply
  })
}

export const useChangePassword = (role: Role) => useMutation({ mutationFn: (payload: ChangePasswordPayload) => changePassword(role, payload) })
