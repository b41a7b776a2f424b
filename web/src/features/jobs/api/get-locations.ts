/** GET /api/reference/locations: the location dropdown (SPEC 7.2). Failure is logged; the list stays empty. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '../../../lib/api'
import type { ReferenceItem } from '../types'
import { jobKeys } from './keys'

export async function fetchLocations(signal?: AbortSignal): Promise<ReferenceItem[]> {
  try {
    const body = await apiFetch<{ data?: unknown }>('/api/reference/locations', { signal })
    return Array.isArray(body?.data) ? (body.data as ReferenceItem[]) : []
  } catch (cause) {
    console.error('Failed to load locations', cause)
    return []
  }
}

export const locationsQueryOptions = () =>
  queryOptions({
    queryKey: jobKeys.locations(),
    queryFn: ({ signal }) => fetchLocations(signal),
    staleTime: 10 * 60_000,
  })

export const useLocations = () => useQuery(locationsQueryOptions())
