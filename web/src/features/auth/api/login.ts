/** POST /api/auth/{role}/login and the shared session login every role goes through (SPEC 4, 7.1, 8). */
import { useMutation } from '@tanstack/react-query'
import { apiFetch, ApiError } from '../../../lib/api'
import { serverMessage as serverText } from '../../../lib/server-message'
import { saveSession, type Role, type SessionUser } from '../../../lib/session'

export type LoginPayload = { email: string; password: string }
type LoginResponse = { token?: string; user?: SessionUser; error?: string }

export const LOGIN_FAILED = 'Login failed'

export type LoginResult =
  | { success: true; token: string; user: SessionUser }
  /** `serverMessage` is the server's own error text when it sent one; `network` when nothing answered. */
  | { success: false; message: string; serverMessage: string | null; network: boolean }

export function loginRequest(role: Role, payload: LoginPayload): Promise<LoginResponse> {
  return apiFetch<LoginResponse>(`/api/auth/${role}/login`, { method: 'POST', body: payload })
}

/** Logs in and stores the session; never throws. Failure message: the server's error, else 'Login failed'. */
export async function sessionLogin(role: Role, email: string, password: string): Promise<LoginResult> {
  try {
    const data = await loginRequest(role, { email, password })
    if (!data?.token || !data.user) {
      const serverMessage = data?.error ?? null
      return { success: false, message: serverMessage ?? LOGIN_FAILED, serverMessage, network: false }
    }
    saveSession(role, { token: data.token, user: data.user })
    return { success: true, token: data.token, user: data.user }
  } catch (err) {
    if (err instanceof ApiError) {
      const serverMessage = serverText(err)
      return { success: false, message: serverMessage ?? LOGIN_FAILED, serverMessage, network: false }
    }
    return { success: false, message: LOGIN_FAILED, serverMessage: null, network: true }
  }
}

export function useLogin(role: Role) {
  return useMutation({ mutationFn: ({ email, password }: LoginPayload) => sessionLogin(role, email, password) })
}
