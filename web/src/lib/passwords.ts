/** SPEC 5 password rules (login, register, reset) and their exact messages. */

export const LOGIN_PASSWORD_MESSAGE = 'Invalid password format'
export const REGISTER_PASSWORD_MESSAGE =
  'Password must be at least 8 characters long, contain 1 uppercase letter and 1 special character'
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match'
export const FILL_ALL_FIELDS = 'Please fill in all fields'

export const PASSWORD_MIN_LENGTH = 8

const UPPERCASE = /[A-Z]/
// login and register accept only these specials
const BASIC_SPECIAL = /[!@#$%^&*]/
// reset accepts a wider set: parentheses, comma, period, question mark, quotes, braces, pipe, angle brackets
const WIDE_SPECIAL = /[!@#$%^&*(),.?"':{}|<>[\]]/

/** Characters as the server counts them (code points): an emoji is one, not two UTF-16 units. */
function characters(value: string): number {
  return [...value].length
}

/** Login and register: one uppercase, one of !@#$%^&*, at least 8 characters. */
export function isValidPassword(value: string): boolean {
  return characters(value) >= PASSWORD_MIN_LENGTH && UPPERCASE.test(value) && BASIC_SPECIAL.test(value)
}

/** Reset: the same rule with the wider special-character set. */
export function isValidResetPassword(value: string): boolean {
  return characters(value) >= PASSWORD_MIN_LENGTH && UPPERCASE.test(value) && WIDE_SPECIAL.test(value)
}

/** The reset form's checks in SPEC order; returns the first message, or null when valid. */
export function resetPasswordError(password: string, confirm: string): string | null {
  if (!password || !confirm) return FILL_ALL_FIELDS
  if (!isValidResetPassword(password)) return REGISTER_PASSWORD_MESSAGE
  if (password !== confirm) return PASSWORDS_DO_NOT_MATCH
  return null
}
