/**
 * POST /api/auth/{role}/login and the shared session login every role goes through (SPEC 4, 7.1, 8),
 * plus an admin's second step when two-factor sign-in is on: the first answer is then
 * `{two_factor_required, challenge}` instead of a session, and POST /api/auth/admin/login/two-factor
 * `{challenge, code}` trades the challenge and a code for the same `{token, user}` a login gives.
 * An admin without two-factor sign-in gets a session that may only set it up: the reply then
 * carries `two_factor_enrolment_required: true`, kept for the workspace's gate.
 */
import { useMutation } from '@tanstack/react-query'
import type { ApiReply, ApiSchema } from '../../../api'
import { apiFetch, ApiError } from '../../../lib/api'
import { serverMessage as serverText } from '../../../lib/server-message'
import { saveSession, type Role, type SessionUser } from '../../../lib/session'
import { setTwoFactorEnrolment } from '../twoFactorEnrolment'

export type LoginPayload = ApiSchema<'LoginBody'>
/**
 * A session (`two_factor_enrolment_required` when an admin without two-factor sign-in may only set
 * it up, issue 26) or a challenge for the code; read as one shape, each field where it is sent.
 */
type LoginResponse = Partial<ApiSchema<'SignedIn'> & Extract<ApiReply<'login'>, { challenge: string }>> & { error?: string }

export const LOGIN_FAILED = 'Login failed'
export const TWO_FACTOR_FAILED = 'We could not check that code. Please try again.'

type LoginFailure = {
  success: false
  /** `serverMessage` is the server's own error text when it sent one; `network` when nothing answered. */
  message: string
  serverMessage: string | null
  network: boolean
}

export type LoginResult = { success: true; token: string; user: SessionUser } | LoginFailure

/** An admin's password was right and two-factor sign-in is on: the code step comes next. */
export type TwoFactorChallenge = { success: false; twoFactorRequired: true; challenge: string }

export type StaffLoginResult = LoginResult | TwoFactorChallenge

/** The second step failed; `expired` when the challenge is no good any more (401), so sign in again. */
export type TwoFactorResult = LoginResult | (LoginFailure & { expired: boolean })

export function loginRequest(role: Role, payload: LoginPayload): Promise<LoginResponse> {
  return apiFetch<LoginResponse>(`/api/auth/${role}/login`, { method: 'POST', body: payload })
}

/** Stores a `{token, user}` answer as the role's session, exactly as every login does. */
function storeSession(role: Role, data: LoginResponse): LoginResult {
  if (!data?.token || !data.user) {
    const serverMessage = data?.error ?? null
    return { success: false, message: serverMessage ?? LOGIN_FAILED, serverMessage, network: false }
  }
  // the gate first: the workspace the new session opens must not show a screen before it
  if (role === 'admin') setTwoFactorEnrolment(data.two_factor_enrolment_required === true)
  saveSession(role, { token: data.token, user: data.user })
  return { success: true, token: data.token, user: data.user }
}

function failure(err: unknown, fallback: string): LoginFailure {
  if (err instanceof ApiError) {
    const serverMessage = serverText(err)
    return { success: false, message: serverMessage ?? fallback, serverMessage, network: false }
  }
  return { success: false, message: fallback, serverMessage: null, network: true }
}

/** Logs in and stores the session; never throws. Failure message: the server's error, else 'Login failed'. */
export async function sessionLogin(role: Role, email: string, password: string): Promise<LoginResult> {
  try {
    return storeSession(role, await loginRequest(role, { email, password }))
  } catch (err) {
    return failure(err, LOGIN_FAILED)
  }
}

/**
 * The admin and employer hosts' login: like sessionLogin, but an admin with two-factor sign-in on
 * gets the challenge back for the code step (only the admin login ever answers with one).
 */
export async function staffLogin(role: 'admin' | 'employer', email: string, password: string): Promise<StaffLoginResult> {
  try {
    const data = await loginRequest(role, { email, password })
    if (role === 'admin' && data?.two_factor_required && typeof data.challenge === 'string' && data.challenge) {
      return { success: false, twoFactorRequired: true, challenge: data.challenge }
    }
    return storeSession(role, data)
  } catch (err) {
    return failure(err, LOGIN_FAILED)
  }
}

/** The code step: a code from the app (or a recovery code) for the challenge; stores the admin session. Never throws. */
export async function twoFactorLogin(challenge: string, code: string): Promise<TwoFactorResult> {
  try {
    const data = await apiFetch<LoginResponse>('/api/auth/admin/login/two-factor', { method: 'POST', body: { challenge, code } })
    return storeSession('admin', data)
  } catch (err) {
    return { ...failure(err, TWO_FACTOR_FAILED), expired: err instanceof ApiError && err.status === 401 }
  }
}

export function useLogin(role: Role) {
  return useMutation({ mutationFn: ({ email, password }: LoginPayload) => sessionLogin(role, email, password) })
}

export function useStaffLogin(role: 'admin' | 'employer') {
  return useMutation({ mutationFn: ({ email, password }: LoginPayload) => staffLogin(role, email, password) })
}

export function useTwoFactorLogin() {
  return useMutation({ mutationFn: ({ challenge, code }: { challenge: string; code: string }) => twoFactorLogin(challenge, code) })
}
