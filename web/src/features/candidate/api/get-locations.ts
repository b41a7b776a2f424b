/** GET /api/reference/locations (SPEC 7.2). */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '../../../lib/api'
import type { ReferenceItem } from '../types'
import { candidateKeys } from './keys'

export async function getLocations(): Promise<ReferenceItem[]> {
  const data = await apiFetch<{ data?: ReferenceItem[] }>('/api/reference/locations')
  return Array.isArray(data?.data) ? data.data : []
}

export const locationsQueryOptions = () =>
  queryOptions({ queryKey: candidateKeys.locations(), queryFn: getLocations, staleTime: 10 * 60_000 })

export const useLocations = () => useQuery(locationsQueryOptions())
