/**
 * How the employer screens name an employer and read its account's history. An erased employer
 * (issue 12) keeps its company name while its contact's personal data is gone; once both are
 * gone it reads "Erased employer", never the "[erased]" marker.
 */
import { isErased } from '../../../lib/erased'
import type { AdminEmployer } from '../types'

type Named = Pick<AdminEmployer, 'name' | 'company' | 'status'>

/** The company name, when the account has one that was not erased. */
export const keptCompany = (e: Named): string | null => (e.company && !isErased(e.company) ? e.company : null)

/** The company, else the contact; "Erased employer" once both are gone. */
export const employerName = (e: Named): string => keptCompany(e) ?? (isErased(e.name) ? 'Erased employer' : e.name)

export const isErasedEmployer = (e: Named): boolean => e.status === 'erased' || isErased(e.name)

/** The account events that are decisions about it (and the sign-up they start from); the rest
 *  (passwords, sign-outs, two-factor) stay on the full record history. */
const DECISION_EVENTS = new Set(['AccountRegistered', 'EmployerApproved', 'EmployerRejected', 'EmployerSuspended', 'EmployerReinstated'])

export const isAccountDecision = (eventType: string): boolean => DECISION_EVENTS.has(eventType)

/** One line under an employer's name on its page: where the account stands and what that means. */
export function employerStatusNote(status: AdminEmployer['status']): string | null {
  switch (status) {
    case 'pending':
      return 'Waiting for approval. They cannot post jobs until you approve them, so check their details and company profile first.'
    case 'active':
      return 'Approved. They can sign in and post jobs to the public job board.'
    case 'suspended':
      return 'Suspended. They cannot sign in, and their jobs are off the board until you reinstate them.'
    case 'rejected':
      return 'Rejected. They cannot sign in.'
    default:
      return null
  }
}
