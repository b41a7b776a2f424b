/** What erasing your own account does, said plainly, and the one check the form makes before it sends. */
import { ApiError } from '../../../lib/api'
import type { AccountRole } from '../api/account'

export const ERASE_PASSWORD_REQUIRED = 'Enter your password to confirm'
export const ERASE_FAILED = 'We couldn’t erase your account just now, so nothing has changed. Please try again.'
export const ERASED_TOAST = 'Your account has been erased.'

export const erasePasswordError = (password: string): string | null => (password ? null : ERASE_PASSWORD_REQUIRED)

/**
 * A refusal about the password (422 empty, 403 incorrect) belongs beside the field; anything else
 * (429 too many tries, a server fault, no connection) in the dialog's alert.
 */
export const isPasswordRefusal = (err: unknown): boolean => err instanceof ApiError && (err.status === 422 || err.status === 403)

type Consequences = { erased: string[]; kept: string[] }

export const ERASURE_CONSEQUENCES: Record<AccountRole, Consequences> = {
  candidate: {
    erased: [
      'Your name, email address and phone number',
      'Your profile: summary, skills, education, work history and links',
      'Your resume and every document you’ve uploaded',
      'Your notifications and messages',
      'Your sign-in: you’re signed out everywhere and can’t sign in again',
    ],
    kept: [
      'That an application was made to a job, and the dates it moved from stage to stage, with nothing that says it was you',
    ],
  },
  employer: {
    erased: [
      'Your name, email address and phone number',
      'Your notifications and messages',
      'Your sign-in: you’re signed out everywhere and can’t sign in again',
    ],
    kept: [
      'Non-personal facts about your company’s hiring, such as its job ads and the dates applicants moved from stage to stage, with nothing that says who you are',
    ],
  },
}
