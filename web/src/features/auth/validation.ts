/** Client checks of the sign-in, sign-up and change-password forms (SPEC 5, issue 26); each returns field -> message. */
import { EMAIL_MESSAGE, isValidEmail } from '../../lib/validation'
import { isValidPassword, isValidResetPassword, LOGIN_PASSWORD_MESSAGE, PASSWORDS_DO_NOT_MATCH, REGISTER_PASSWORD_MESSAGE } from '../../lib/passwords'

export type FieldErrors<K extends string> = Partial<Record<K, string>>

export function loginErrors(email: string, password: string): FieldErrors<'email' | 'password'> {
  const errors: FieldErrors<'email' | 'password'> = {}
  if (!isValidEmail(email)) errors.email = EMAIL_MESSAGE
  if (!isValidPassword(password)) errors.password = LOGIN_PASSWORD_MESSAGE
  return errors
}

export const NAME_REQUIRED = 'Please enter your full name'
export const COMPANY_REQUIRED = 'Please enter your company name'

export function registerErrors(form: {
  name: string
  email: string
  password: string
  company?: string
}): FieldErrors<'name' | 'email' | 'password' | 'company'> {
  const errors: FieldErrors<'name' | 'email' | 'password' | 'company'> = {}
  if (!form.name.trim()) errors.name = NAME_REQUIRED
  if (form.company !== undefined && !form.company.trim()) errors.company = COMPANY_REQUIRED
  if (!isValidEmail(form.email)) errors.email = EMAIL_MESSAGE
  if (!isValidPassword(form.password)) errors.password = REGISTER_PASSWORD_MESSAGE
  return errors
}

export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password'
export const NEW_PASSWORD_SAME = 'Your new password must be different from your current one'

export type ChangePasswordForm = { current: string; next: string; confirm: string }

/**
 * The change-password form's checks (issue 26): the current password given, the new one under the
 * reset rule and not the same, and typed the same twice. The server checks again (and refuses the
 * most common passwords, which the client does not know).
 */
export function changePasswordErrors({ current, next, confirm }: ChangePasswordForm): FieldErrors<keyof ChangePasswordForm> {
  const errors: FieldErrors<keyof ChangePasswordForm> = {}
  if (!current) errors.current = CURRENT_PASSWORD_REQUIRED
  if (!isValidResetPassword(next)) errors.next = REGISTER_PASSWORD_MESSAGE
  else if (next === current) errors.next = NEW_PASSWORD_SAME
  if (next !== confirm) errors.confirm = PASSWORDS_DO_NOT_MATCH
  return errors
}
