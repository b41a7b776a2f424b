/** GET /api/jobs/{id}: one job, whatever its status (docs/API.md). */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import { apiFetch, retryUnlessNotFound } from '../../../lib/api'
import type { Job } from '../types'
import { jobKeys } from './keys'

export const fetchJob = (id: string, signal?: AbortSignal): Promise<Job> =>
  apiFetch<ApiReply<'job'>>(`/api/jobs/${encodeURIComponent(id)}`, { signal })

export const jobQueryOptions = (id: string) =>
  queryOptions({
    queryKey: jobKeys.detail(id),
    queryFn: ({ signal }) => fetchJob(id, signal),
    retry: retryUnlessNotFound,
  })

export const useJob = (id: string) => useQuery(jobQueryOptions(id))
