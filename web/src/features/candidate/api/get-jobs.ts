/** GET /api/admin/jobs/job-board: open jobs; a non-array answer is an error (SPEC 7.2). */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '../../../lib/api'
import type { Job } from '../types'
import { candidateKeys } from './keys'

export async function getJobs(): Promise<Job[]> {
  const data = await apiFetch<unknown>('/api/admin/jobs/job-board')
  if (!Array.isArray(data)) throw new Error('Invalid data format')
  return data as Job[]
}

export const jobsQueryOptions = () => queryOptions({ queryKey: candidateKeys.jobs(), queryFn: getJobs })

export const useJobs = () => useQuery(jobsQueryOptions())
