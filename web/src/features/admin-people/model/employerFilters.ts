/** The employers screen's filters, kept in the address bar: ?status=pending&q=acme. */
import { type AccountStatus, EMPLOYER_STATUSES, type EmployerStatus } from '../types'

export type EmployerTab = EmployerStatus | 'all'
export type EmployerFilters = { status: EmployerTab; q: string }

export const EMPLOYER_TABS: { id: EmployerTab; label: string }[] = [
  { id: 'pending', label: 'Awaiting approval' },
  { id: 'active', label: 'Active' },
  { id: 'suspended', label: 'Suspended' },
  { id: 'rejected', label: 'Rejected' },
  { id: 'all', label: 'All' },
]

export const EMPLOYER_STATUS_LABELS: Record<EmployerStatus, string> = {
  pending: 'Awaiting approval',
  active: 'Active',
  suspended: 'Suspended',
  rejected: 'Rejected',
}

export const employerStatusLabel = (s: AccountStatus) => EMPLOYER_STATUS_LABELS[s as EmployerStatus] ?? s

const isStatus = (s: string): s is EmployerStatus => (EMPLOYER_STATUSES as readonly string[]).includes(s)

/** Unknown or missing status reads as "all"; the search is trimmed and at most 100 characters. */
export function employerFiltersFromParams(params: URLSearchParams): EmployerFilters {
  const status = (params.get('status') ?? '').trim()
  return { status: isStatus(status) ? status : 'all', q: (params.get('q') ?? '').trim().slice(0, 100) }
}

/** Only what differs from the defaults goes in the URL, always in the same order. */
export function employerFiltersToParams(f: EmployerFilters): URLSearchParams {
  const out = new URLSearchParams()
  if (f.status !== 'all') out.set('status', f.status)
  const q = f.q.trim()
  if (q) out.set('q', q)
  return out
}

/** The server's query string for a filter: `status` left out for "all". */
export function employerQuery(f: EmployerFilters): Record<string, string> {
  const out: Record<string, string> = {}
  if (f.status !== 'all') out.status = f.status
  if (f.q.trim()) out.q = f.q.trim()
  return out
}

/** What an admin decides about an employer (POST /api/admin/employers/{id}/{action}). */
export type EmployerAction = 'approve' | 'reject' | 'suspend' | 'reinstate'

/** What each status lets an admin do next. */
export function employerActions(status: AccountStatus): EmployerAction[] {
  switch (status) {
    case 'pending':
      return ['approve', 'reject']
    case 'active':
      return ['suspend']
    case 'suspended':
      return ['reinstate']
    default:
      return []
  }
}
