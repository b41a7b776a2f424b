/** GET /api/reference/salary-ranges: the salary dropdown and JobPosting pay bands (SPEC 7.2). */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '../../../lib/api'
import type { SalaryRange } from '../types'
import { jobKeys } from './keys'

export async function fetchSalaryRanges(signal?: AbortSignal): Promise<SalaryRange[]> {
  try {
    const body = await apiFetch<{ data?: unknown }>('/api/reference/salary-ranges', { signal })
    return Array.isArray(body?.data) ? (body.data as SalaryRange[]) : []
  } catch (cause) {
    console.error('Failed to load salary ranges', cause)
    return []
  }
}

export const salaryRangesQueryOptions = () =>
  queryOptions({
    queryKey: jobKeys.salaryRanges(),
    queryFn: ({ signal }) => fetchSalaryRanges(signal),
    staleTime: 10 * 60_000,
  })

export const useSalaryRanges = () => useQuery(salaryRangesQueryOptions())
