/** GET /api/admin/employers: every employer account, for the client filters of the jobs and applications screens. */
import { useQuery } from '@tanstack/react-query'
import type { EmployerOption } from '../types-ops'
import { opsFetch } from './ops-client'
import { opsKeys } from './ops-keys'

export async function getEmployerOptions(signal?: AbortSignal): Promise<EmployerOption[]> {
  const data = await opsFetch<unknown>('/api/admin/employers', { signal })
  return Array.isArray(data) ? (data as EmployerOption[]) : []
}

export const useEmployerOptions = () =>
  useQuery({ queryKey: opsKeys.employerOptions(), queryFn: ({ signal }) => getEmployerOptions(signal), staleTime: 60_000 })
