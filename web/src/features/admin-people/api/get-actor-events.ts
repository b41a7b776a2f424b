/** GET /api/admin/events?actor={id}&limit=10: what one account did most recently, newest first. */
import { useQuery } from '@tanstack/react-query'
import { adminFetch, type AuditEvent, retryServerErrors, withQuery } from '../../admin'
import type { EventsPage } from '../types'
import { peopleKeys } from './keys'

export const RECENT_ACTIVITY_LIMIT = 10

export async function getActorEvents(id: string, signal?: AbortSignal): Promise<AuditEvent[]> {
  const data = await adminFetch<Partial<EventsPage> | null>(withQuery('/api/admin/events', { actor: id, limit: RECENT_ACTIVITY_LIMIT }), { signal })
  return Array.isArray(data?.events) ? data.events : []
}

export const useActorEvents = (id: string) =>
  useQuery({ queryKey: peopleKeys.actorEvents(id), queryFn: ({ signal }) => getActorEvents(id, signal), retry: retryServerErrors })
