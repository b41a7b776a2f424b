/**
 * Query keys of the people and operations screens. Like opsKeys, each starts with
 * ['admin', topic], where topic is the `admin_updated` topic that makes it stale ("employers",
 * "enquiries", "outbox"), so the socket handler reaches every list below it with one prefix.
 * The overview changes with every topic; reference data is the public lists' own key.
 */
import type { EmployerFilters } from '../model/employerFilters'

export const adminKeys = {
  all: ['admin'] as const,
  overview: () => [...adminKeys.all, 'overview'] as const,
  employers: () => [...adminKeys.all, 'employers'] as const,
  employerList: (f: EmployerFilters) => [...adminKeys.employers(), 'list', f] as const,
  enquiries: () => [...adminKeys.all, 'enquiries'] as const,
  enquiryList: (status: string) => [...adminKeys.enquiries(), 'list', status] as const,
  outbox: () => [...adminKeys.all, 'outbox'] as const,
  outboxList: (state: string) => [...adminKeys.outbox(), 'list', state] as const,
  admins: () => [...adminKeys.all, 'admins'] as const,
  /** the signed-in admin's own two-factor sign-in; no socket topic changes it */
  twoFactor: () => [...adminKeys.all, 'two-factor'] as const,
  candidates: () => [...adminKeys.all, 'candidates'] as const,
  candidateSearch: (q: string) => [...adminKeys.candidates(), 'search', q] as const,
  candidate: (id: string) => [...adminKeys.candidates(), 'record', id] as const,
  /** the erasure log (issue 12); every erasure invalidates all of ['admin'], since it touches every list of people */
  erasures: () => [...adminKeys.all, 'erasures'] as const,
  reference: () => [...adminKeys.all, 'reference'] as const,
  referenceList: (list: 'locations' | 'salary-ranges') => [...adminKeys.reference(), list] as const,
}
