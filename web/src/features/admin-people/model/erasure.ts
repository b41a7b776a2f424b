/**
 * The admin's erase form and how the erasure log names things. The form asks only for the grounds:
 * the erasure record keeps who erased, when and on what grounds, and no free text, because the
 * record is never erased and outlives the person it is about.
 */
import { ApiError } from '../../../lib/api'

export type ErasureTarget = { kind: 'person' | 'contact_message'; id: string }

/** What an admin may give as grounds; "retention_period" is the system's own. */
export type ChosenGrounds = 'person_asked' | 'admin_decision'

export const GROUNDS_OPTIONS: { value: ChosenGrounds; label: string }[] = [
  { value: 'person_asked', label: 'The person asked' },
  { value: 'admin_decision', label: 'Agency decision' },
]

const GROUNDS_LABELS: Record<string, string> = {
  person_asked: 'The person asked',
  admin_decision: 'Agency decision',
  retention_period: 'Retention period ended',
}

export const groundsLabel = (g: string) => GROUNDS_LABELS[g] ?? g

const ERASED_SUBJECT_LABELS: Record<string, string> = { candidate: 'Erased candidate', employer: 'Erased employer', contact_message: 'Erased enquiry sender' }

/** Who an erasure was about, once their name is gone: "Erased candidate" (never a piece of their id). */
export const erasedSubjectLabel = (k: string) => ERASED_SUBJECT_LABELS[k] ?? 'Erased person'

export const GROUNDS_REQUIRED = 'Choose the grounds for this erasure'
export const ERASE_FAILED = 'The erasure did not go through, so nothing has changed. Please try again.'
export const TWO_FACTOR_NEEDED = 'Turn on two-factor sign-in before erasing anyone'

export type EraseForm = { grounds: ChosenGrounds | '' }

export function eraseFormErrors(f: EraseForm): { grounds?: string } {
  const errors: { grounds?: string } = {}
  if (!f.grounds) errors.grounds = GROUNDS_REQUIRED
  return errors
}

/**
 * 403 from an erase: this admin has no two-factor sign-in. A 403 with a `code` is another matter
 * (issue 26: a step-up asked for, or cancelled; the enrolment gate) and is shown as it is.
 */
export const isTwoFactorRefusal = (err: unknown) => err instanceof ApiError && err.status === 403 && !err.code
