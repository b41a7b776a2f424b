/** The check the new-admin form makes before it sends (the server makes it again). */
import { isValidPassword, REGISTER_PASSWORD_MESSAGE } from '../../../lib/passwords'
import { EMAIL_MESSAGE, isValidEmail } from '../../../lib/validation'

export type NewAdminForm = { name: string; email: string; password: string }
export type NewAdminErrors = Partial<Record<keyof NewAdminForm, string>>

/** Name and email required; the password follows the register rule (SPEC 5). */
export function newAdminErrors(f: NewAdminForm): NewAdminErrors {
  const errors: NewAdminErrors = {}
  if (!f.name.trim()) errors.name = 'Name is required'
  if (!f.email.trim()) errors.email = 'Email is required'
  else if (!isValidEmail(f.email.trim())) errors.email = EMAIL_MESSAGE
  if (!f.password) errors.password = 'Password is required'
  else if (!isValidPassword(f.password)) errors.password = REGISTER_PASSWORD_MESSAGE
  return errors
}
