/** GET /api/admin/events: one page of the global log, newest first, keyset-paged by position. */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { auditQuery, type AuditFilters } from '../model/auditFilters'
import type { EventsPage } from '../types-ops'
import { opsFetch, retryServerErrors, withQuery } from './ops-client'
import { opsKeys } from './ops-keys'

export const AUDIT_PAGE_SIZE = 25

export async function getEvents(f: AuditFilters, signal?: AbortSignal): Promise<EventsPage> {
  const data = await opsFetch<Partial<EventsPage> | null>(withQuery('/api/admin/events', { ...auditQuery(f), limit: AUDIT_PAGE_SIZE }), { signal })
  return { events: Array.isArray(data?.events) ? data.events : [], next_before: data?.next_before ?? null }
}

export const useEvents = (f: AuditFilters) =>
  useQuery({ queryKey: opsKeys.eventPage(f), queryFn: ({ signal }) => getEvents(f, signal), placeholderData: keepPreviousData, retry: retryServerErrors })
