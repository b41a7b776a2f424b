/** The checks the admin forms make before they send (the server makes them again). */
import { isValidPassword, REGISTER_PASSWORD_MESSAGE } from '../../../lib/passwords'
import { EMAIL_MESSAGE, isValidEmail } from '../../../lib/validation'

export const REASON_MAX = 2000
export const REASON_REQUIRED = 'Please give a reason'
export const REPLY_REQUIRED = 'Reply is required'

/** A reject or suspend reason: required here (the employer reads it), at most 2000 characters. */
export function reasonError(reason: string): string | null {
  if (!reason.trim()) return REASON_REQUIRED
  if ([...reason.trim()].length > REASON_MAX) return `Reason must be at most ${REASON_MAX} characters`
  return null
}

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

export const AU_STATES = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'] as const

export type SalaryRangeForm = { display_name: string; min: string; max: string }

/** A salary range: a name, a whole-dollar minimum and an optional maximum not below it. */
export function salaryRangeError(f: SalaryRangeForm): string | null {
  if (!f.display_name.trim()) return 'Give the range a name, e.g. “$100k – $120k”'
  const min = Number(f.min)
  if (f.min.trim() === '' || !Number.isInteger(min) || min < 0) return 'Enter the lowest salary as whole dollars'
  if (f.max.trim() !== '') {
    const max = Number(f.max)
    if (!Number.isInteger(max) || max < min) return 'The highest salary must be whole dollars and not below the lowest'
  }
  return null
}

/** "$100,000 – $120,000", "$200,000 and over". */
export function salaryBounds(min: number, max: number | null): string {
  const money = (n: number) => `$${n.toLocaleString('en-AU')}`
  return max === null ? `${money(min)} and over` : `${money(min)} – ${money(max)}`
}
