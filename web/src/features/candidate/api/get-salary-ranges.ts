/** GET /api/reference/salary-ranges (SPEC 7.2). */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '../../../lib/api'
import type { ReferenceItem } from '../types'
import { candidateKeys } from './keys'

export async function getSalaryRanges(): Promise<ReferenceItem[]> {
  const data = await apiFetch<{ data?: ReferenceItem[] }>('/api/reference/salary-ranges')
  return Array.isArray(data?.data) ? data.data : []
}

export const salaryRangesQueryOptions = () =>
  queryOptions({ queryKey: candidateKeys.salaryRanges(), queryFn: getSalaryRanges, staleTime: 10 * 60_000 })

export const useSalaryRanges = () => useQuery(salaryRangesQueryOptions())
