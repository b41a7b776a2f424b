/** POST /api/auth/candidate/register and /api/auth/employer/register (SPEC 7.1). */
import { useMutation } from '@tanstack/react-query'
import type { ApiReply, ApiSchema } from '../../../api'
import { apiFetch } from '../../../lib/api'

export type CandidateRegisterPayload = Omit<ApiSchema<'RegisterBody'>, 'company'>
export type EmployerRegisterPayload = CandidateRegisterPayload & { company: string }
type RegisterResponse = ApiReply<'register'>

export const REGISTER_FAILED = 'Failed to register'

export function registerCandidate(payload: CandidateRegisterPayload) {
  return apiFetch<RegisterResponse>('/api/auth/candidate/register', { method: 'POST', body: payload })
}

export function registerEmployer(payload: EmployerRegisterPayload) {
  return apiFetch<RegisterResponse>('/api/auth/employer/register', { method: 'POST', body: payload })
}

export const useRegisterCandidate = () => useMutation({ mutationFn: registerCandidate })
export const useRegisterEmployer = () => useMutation({ mutationFn: registerEmployer })
