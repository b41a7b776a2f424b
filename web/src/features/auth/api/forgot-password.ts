/** POST /api/auth/{role}/forgot-password (SPEC 7.1). */
import { useMutation } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import { apiFetch } from '../../../lib/api'
import type { Role } from '../../../lib/session'

export const FORGOT_FAILED = 'Failed to process request'
export const FORGOT_EMAIL_REQUIRED = 'Please enter your email'
export const FORGOT_NEUTRAL_TEXT = 'If an account exists with this email, a password reset link will be sent.'

export function forgotPassword(role: Role, email: string) {
  return apiFetch<ApiReply<'forgot_password'>>(`/api/auth/${role}/forgot-password`, { method: 'POST', body: { email } })
}

export const useForgotPassword = (role: Role) => useMutation({ mutationFn: (email: string) => forgotPassword(role, email) })
