/**
 * GET /api/admin/streams/account-{id}: everything recorded on one account, oldest first. Cached
 * under the audit screens' key for that stream, holding the same body their record history page
 * reads, so the two share one read; this screen selects the decisions, newest first. A stream
 * with nothing in it is a 404, which the screen shows as no history.
 */
import { useQuery } from '@tanstack/react-query'
import { adminFetch, type AuditEvent, retryServerErrors } from '../../admin'
import { isAccountDecision } from '../model/employer'
import type { StreamHistory } from '../types'
import { peopleKeys } from './keys'

export const getAccountHistory = (id: string, signal?: AbortSignal) =>
  adminFetch<StreamHistory>(`/api/admin/streams/${encodeURIComponent(`account-${id}`)}`, { signal })

/** The decisions on the account, newest first. */
export const accountDecisions = (history: StreamHistory | null | undefined): AuditEvent[] =>
  (Array.isArray(history?.events) ? history.events : []).filter((e) => isAccountDecision(e.event_type)).reverse()

export const useAccountDecisions = (id: string) =>
  useQuery({ queryKey: peopleKeys.accountHistory(id), queryFn: ({ signal }) => getAccountHistory(id, signal), select: accountDecisions, retry: retryServerErrors })
