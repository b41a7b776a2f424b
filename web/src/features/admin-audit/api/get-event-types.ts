/** GET /api/admin/events/types: every event type name, sorted, for the audit filter. */
import { useQuery } from '@tanstack/react-query'
import { adminFetch } from '../../admin'
import { auditKeys } from './keys'

export async function getEventTypes(signal?: AbortSignal): Promise<string[]> {
  const data = await adminFetch<{ types?: unknown } | null>('/api/admin/events/types', { signal })
  return Array.isArray(data?.types) ? data.types.filter((t): t is string => typeof t === 'string') : []
}

export const useEventTypes = () => useQuery({ queryKey: auditKeys.eventTypes(), queryFn: ({ signal }) => getEventTypes(signal), staleTime: 5 * 60_000 })
