/** GET /api/admin/jobs/job-board: the open jobs shown on /jobs/find (SPEC 7.2). */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '../../../lib/api'
import type { Job } from '../types'
import { jobKeys } from './keys'

export const FETCH_JOBS_FAILED = 'Failed to fetch jobs'
export const INVALID_JOBS_FORMAT = 'Invalid data format'

export async function fetchJobBoard(signal?: AbortSignal): Promise<Job[]> {
  let data: unknown
  try {
    data = await apiFetch<unknown>('/api/admin/jobs/job-board', { signal })
  } catch (cause) {
    // SPEC 8: logged only; the page falls back to its empty state.
    console.error(FETCH_JOBS_FAILED, cause)
    throw new Error(FETCH_JOBS_FAILED)
  }
  if (!Array.isArray(data)) {
    console.error(INVALID_JOBS_FORMAT, data)
    throw new Error(INVALID_JOBS_FORMAT)
  }
  return data as Job[]
}

export const jobBoardQueryOptions = () =>
  queryOptions({
    queryKey: jobKeys.board(),
    queryFn: ({ signal }) => fetchJobBoard(signal),
    retry: false,
  })

export const useJobBoard = () => useQuery(jobBoardQueryOptions())
