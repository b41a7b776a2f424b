/** POST /api/auth/{role}/reset-password (SPEC 7.1). */
import { useMutation } from '@tanstack/react-query'
import type { ApiReply, ApiSchema } from '../../../api'
import { apiFetch } from '../../../lib/api'
import type { Role } from '../../../lib/session'

export const RESET_FAILED = 'Failed to reset password'
export const RESET_SUCCESS = 'Password has been reset successfully.'

export type ResetPayload = Required<ApiSchema<'ResetBody'>>

export function resetPassword(role: Role, payload: ResetPayload) {
  return apiFetch<ApiReply<'reset_password'>>(`/api/auth/${role}/reset-password`, { method: 'POST', body: payload })
}

export const useResetPassword = (role: Role) =>
  useMutation({ mutationFn: (payload: ResetPayload) => resetPassword(role, payload) })
