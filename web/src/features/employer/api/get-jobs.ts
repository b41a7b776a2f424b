/** GET /api/employer/jobs: the employer's own jobs, every status, with applicants per stage. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { EmployerJob } from '../types'
import { employerFetch } from './client'
import { employerKeys } from './keys'

export async function getEmployerJobs(signal?: AbortSignal): Promise<EmployerJob[]> {
  const data = await employerFetch<unknown>('/api/employer/jobs', { signal })
  return Array.isArray(data) ? (data as EmployerJob[]) : []
}

export const employerJobsQueryOptions = () => queryOptions({ queryKey: employerKeys.jobList(), queryFn: ({ signal }) => getEmployerJobs(signal) })

export const useEmployerJobs = () => useQuery(employerJobsQueryOptions())
