/** Accounts as the audit trail names them: who did something, and where their page is. */
import type { ApiSchema } from '../../../api'
import { ERASED_PERSON, isErased } from '../../../lib/erased'
import type { AccountMatch } from '../types'

export const ROLE_LABELS: Record<ApiSchema<'Role'>, string> = { candidate: 'Candidate', employer: 'Employer', admin: 'Agency staff' }

/** One line for an account: "Mei Chen, Eucalypt Software (employer)"; an erased one by its role alone. */
export function accountLabel(a: AccountMatch): string {
  const role = ROLE_LABELS[a.role].toLowerCase()
  if (isErased(a.name)) return `${ERASED_PERSON} (${role})`
  const company = a.role === 'employer' && a.company && !isErased(a.company) ? `, ${a.company}` : ''
  return `${a.name}${company} (${role})`
}

/** The staff page of a person's account, where there is one (admins have none). */
export function accountPage(a: Pick<AccountMatch, 'id' | 'role'>): string | null {
  if (a.role === 'employer') return `/dashboard/employers/${encodeURIComponent(a.id)}`
  if (a.role === 'candidate') return `/dashboard/candidates/${encodeURIComponent(a.id)}`
  return null
}
