/**
 * GET /api/reference/locations and /api/reference/salary-ranges (SPEC 7.2): the location and salary
 * dropdowns and the JobPosting pay bands. A failure is logged and the list stays empty.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SelectOption } from '../../../components/ui/Select'
import { apiFetch } from '../../../lib/api'
import type { ReferenceItem, SalaryRange } from '../types'
import { jobKeys } from './keys'

async function fetchReference<T>(path: string, what: string, signal?: AbortSignal): Promise<T[]> {
  try {
    const body = await apiFetch<{ data?: unknown }>(path, { signal })
    return Array.isArray(body?.data) ? (body.data as T[]) : []
  } catch (cause) {
    console.error(`Failed to load ${what}`, cause)
    return []
  }
}

/** A reference list changes rarely: what was fetched stays fresh for ten minutes. */
const referenceQueryOptions = <T>(queryKey: readonly string[], path: string, what: string) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => fetchReference<T>(path, what, signal),
    staleTime: 10 * 60_000,
  })

export const locationsQueryOptions = () =>
  referenceQueryOptions<ReferenceItem>(jobKeys.locations(), '/api/reference/locations', 'locations')

export const salaryRangesQueryOptions = () =>
  referenceQueryOptions<SalaryRange>(jobKeys.salaryRanges(), '/api/reference/salary-ranges', 'salary ranges')

export const useLocations = () => useQuery(locationsQueryOptions())

export const useSalaryRanges = () => useQuery(salaryRangesQueryOptions())

/** A reference list as a select's options: the id is the value, the display name the label. */
export const referenceOptions = (items: readonly ReferenceItem[]): SelectOption[] => items.map((item) => ({ value: String(item.id), label: item.display_name }))
