/** GET /api/employer/jobs/{id}/report: applicants per stage and week, first response and hire times. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { JobReport } from '../types'
import { employerFetch } from './client'
import { employerKeys } from './keys'

export const getJobReport = (jobId: string, signal?: AbortSignal) =>
  employerFetch<JobReport>(`/api/employer/jobs/${encodeURIComponent(jobId)}/report`, { signal })

export const jobReportQueryOptions = (jobId: string) =>
  queryOptions({ queryKey: employerKeys.report(jobId), queryFn: ({ signal }) => getJobReport(jobId, signal) })

export const useJobReport = (jobId: string) => useQuery(jobReportQueryOptions(jobId))
