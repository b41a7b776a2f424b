/** GET /api/admin/events: one page of the global log, newest first, keyset-paged by position. */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { adminFetch, retryServerErrors, withQuery } from '../../admin'
import { auditQuery, type AuditFilters } from '../model/auditFilters'
import type { EventsPage } from '../types'
import { auditKeys } from './keys'

export const AUDIT_PAGE_SIZE = 25

export async function getEvents(f: AuditFilters, signal?: AbortSignal): Promise<EventsPage> {
  const data = await adminFetch<Partial<EventsPage> | null>(withQuery('/api/admin/events', { ...auditQuery(f), limit: AUDIT_PAGE_SIZE }), { signal })
  return { events: Array.isArray(data?.events) ? data.events : [], next_before: data?.next_before ?? null }
}

export const useEvents = (f: AuditFilters) =>
  useQuery({ queryKey: auditKeys.eventPage(f), queryFn: ({ signal }) => getEvents(f, signal), placeholderData: keepPreviousData, retry: retryServerErrors })
