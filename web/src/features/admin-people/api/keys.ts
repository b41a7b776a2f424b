/**
 * Query keys of the people screens (employers, candidates, the contact inbox, erasures). Each starts
 * with ['admin', topic] (admin/api/keys.ts), topic being the `admin_updated` topic that makes it
 * stale ("employers", "enquiries", "jobs", "events"), so the socket handler reaches every list
 * below it with one prefix.
 */
import { adminKeys } from '../../admin'
import { auditKeys } from '../../admin-audit'
import type { EmployerFilters } from '../model/employerFilters'

export const peopleKeys = {
  employers: () => [...adminKeys.all, 'employers'] as const,
  employerList: (f: EmployerFilters) => [...peopleKeys.employers(), 'list', f] as const,
  /** one employer's page: its account and company profile */
  employer: (id: string) => [...peopleKeys.employers(), 'record', id] as const,
  /** an employer's jobs change with the "jobs" topic, like the agency-wide jobs list */
  employerJobs: (id: string) => [...adminKeys.all, 'jobs', 'employer', id] as const,
  /** the account's stream: the audit screens' own key, so the record history page shares the read */
  accountHistory: (id: string) => auditKeys.stream(`account-${id}`),
  /** what the account did lately (events?actor=) */
  actorEvents: (id: string) => [...auditKeys.events(), 'actor', id] as const,
  enquiries: () => [...adminKeys.all, 'enquiries'] as const,
  enquiryList: (status: string) => [...peopleKeys.enquiries(), 'list', status] as const,
  candidates: () => [...adminKeys.all, 'candidates'] as const,
  candidateSearch: (q: string) => [...peopleKeys.candidates(), 'search', q] as const,
  candidate: (id: string) => [...peopleKeys.candidates(), 'record', id] as const,
  /** the erasure log (issue 12); every erasure invalidates all of ['admin'], since it touches every list of people */
  erasures: () => [...adminKeys.all, 'erasures'] as const,
}
