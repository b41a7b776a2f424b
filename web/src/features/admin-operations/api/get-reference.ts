/**
 * GET /api/admin/reference/locations and /salary-ranges: every value, the ones forms offer first,
 * then the retired ones (with `retired_at`), which stay readable on the jobs that used them.
 */
import { useQuery } from '@tanstack/react-query'
import { adminFetch, asList } from '../../admin'
import type { Location, SalaryRange } from '../types'
import { operationsKeys } from './keys'

async function list<T>(path: string, signal?: AbortSignal): Promise<T[]> {
  const body = await adminFetch<{ data?: unknown } | unknown[]>(path, { signal })
  return asList<T>(Array.isArray(body) ? body : body?.data)
}

export const getLocations = (signal?: AbortSignal) => list<Location>('/api/admin/reference/locations', signal)
export const getSalaryRanges = (signal?: AbortSignal) => list<SalaryRange>('/api/admin/reference/salary-ranges', signal)

export const useLocations = () => useQuery({ queryKey: operationsKeys.referenceList('locations'), queryFn: ({ signal }) => getLocations(signal) })
export const useSalaryRanges = () => useQuery({ queryKey: operationsKeys.referenceList('salary-ranges'), queryFn: ({ signal }) => getSalaryRanges(signal) })
