/** GET /api/admin/employers: every employer account, for the client filters of the jobs and applications screens. */
import { useQuery } from '@tanstack/react-query'
import { adminFetch } from '../../admin'
import type { EmployerOption } from '../types'
import { operationsKeys } from './keys'

export async function getEmployerOptions(signal?: AbortSignal): Promise<EmployerOption[]> {
  const data = await adminFetch<unknown>('/api/admin/employers', { signal })
  return Array.isArray(data) ? (data as EmployerOption[]) : []
}

export const useEmployerOptions = () =>
  useQuery({ queryKey: operationsKeys.employerOptions(), queryFn: ({ signal }) => getEmployerOptions(signal), staleTime: 60_000 })
