/** GET /api/admin/jobs?employer_id=: one employer's jobs, any status, newest first (the server sends up to 500). */
import { useQuery } from '@tanstack/react-query'
import { adminFetch, asList, retryServerErrors, withQuery } from '../../admin'
import type { EmployerJobRow } from '../types'
import { peopleKeys } from './keys'

export async function getEmployerJobs(id: string, signal?: AbortSignal): Promise<EmployerJobRow[]> {
  return asList<EmployerJobRow>(await adminFetch<unknown>(withQuery('/api/admin/jobs', { employer_id: id }), { signal }))
}

export const useEmployerJobs = (id: string) =>
  useQuery({ queryKey: peopleKeys.employerJobs(id), queryFn: ({ signal }) => getEmployerJobs(id, signal), retry: retryServerErrors })
