/** GET /api/admin/employers?status=&q=: employer accounts by status, searched by name, email or company. */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { adminFetch, asList } from '../../admin'
import { employerQuery, type EmployerFilters } from '../model/employerFilters'
import type { AdminEmployer } from '../types'
import { peopleKeys } from './keys'

export async function getEmployers(f: EmployerFilters, signal?: AbortSignal): Promise<AdminEmployer[]> {
  const q = new URLSearchParams(employerQuery(f)).toString()
  return asList<AdminEmployer>(await adminFetch<unknown>(`/api/admin/employers${q ? `?${q}` : ''}`, { signal }))
}

export const useEmployers = (f: EmployerFilters) =>
  useQuery({ queryKey: peopleKeys.employerList(f), queryFn: ({ signal }) => getEmployers(f, signal), placeholderData: keepPreviousData })
