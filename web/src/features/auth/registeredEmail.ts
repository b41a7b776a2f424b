/**
 * The address a person has just registered with, handed to the sign-in form so only the password
 * is left to type. It rides in router state (history state), never in the address, so it sits in
 * no address bar, browser history list or server log.
 */

/** The router state a sign-up leaves for the sign-in page. */
export type SignInState = { email: string }

export const signInState = (email: string): SignInState => ({ email: email.trim() })

// no address is longer (RFC 5321); anything else in history state is not ours
const MAX_EMAIL_LENGTH = 254

/** The email a sign-up left in router state for the sign-in form, or '' when there is none. */
export function registeredEmail(state: unknown): string {
  const email = state && typeof state === 'object' ? (state as Partial<Record<keyof SignInState, unknown>>).email : undefined
  return typeof email === 'string' && email.length <= MAX_EMAIL_LENGTH ? email : ''
}
