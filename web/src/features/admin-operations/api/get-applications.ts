/** GET /api/admin/applications: the pipeline across every employer, newest 500. */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { adminFetch, retryServerErrors, withQuery } from '../../admin'
import type { ApplicationFilters } from '../model/applicationFilters'
import type { AdminApplication } from '../types'
import { operationsKeys } from './keys'

export async function getAdminApplications(f: ApplicationFilters, signal?: AbortSignal): Promise<AdminApplication[]> {
  const data = await adminFetch<unknown>(
    withQuery('/api/admin/applications', { employer_id: f.employer, job_id: f.job, stage: f.stage, specialisation: f.specialisation, from: f.from, to: f.to }),
    { signal },
  )
  return Array.isArray(data) ? (data as AdminApplication[]) : []
}

export const useAdminApplications = (f: ApplicationFilters) =>
  useQuery({ queryKey: operationsKeys.applications(f), queryFn: ({ signal }) => getAdminApplications(f, signal), placeholderData: keepPreviousData, retry: retryServerErrors })
