/** GET /api/admin/jobs: every job of every employer, any status, newest 500. */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { adminFetch, retryServerErrors, withQuery } from '../../admin'
import type { JobFilters } from '../model/jobFilters'
import type { AdminJob } from '../types'
import { operationsKeys } from './keys'

export async function getAdminJobs(f: JobFilters, signal?: AbortSignal): Promise<AdminJob[]> {
  const data = await adminFetch<unknown>(withQuery('/api/admin/jobs', { status: f.status, employer_id: f.employer, q: f.q }), { signal })
  return Array.isArray(data) ? (data as AdminJob[]) : []
}

export const useAdminJobs = (f: JobFilters) =>
  useQuery({ queryKey: operationsKeys.jobList(f), queryFn: ({ signal }) => getAdminJobs(f, signal), placeholderData: keepPreviousData, retry: retryServerErrors })
