/** Client checks of the sign-in and sign-up forms (SPEC 5); each returns field -> message. */
import { EMAIL_MESSAGE, isValidEmail } from '../../lib/validation'
import { isValidPassword, LOGIN_PASSWORD_MESSAGE, REGISTER_PASSWORD_MESSAGE } from '../../lib/passwords'

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
