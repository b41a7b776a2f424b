/** GET /api/employer/jobs/{id}/pipeline: the job's applicants, filtered and sorted by the server. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { pipelineQuery } from '../model/pipelineQuery'
import type { Pipeline, PipelineFilter } from '../types'
import { employerFetch } from './client'
import { employerKeys } from './keys'

export const getPipeline = (jobId: string, filter: PipelineFilter, signal?: AbortSignal) =>
  employerFetch<Pipeline>(`/api/employer/jobs/${encodeURIComponent(jobId)}/pipeline${pipelineQuery(filter)}`, { signal })

export const pipelineQueryOptions = (jobId: string, filter: PipelineFilter = {}) =>
  queryOptions({
    queryKey: employerKeys.pipeline(jobId, filter),
    queryFn: ({ signal }) => getPipeline(jobId, filter, signal),
    // a new filter keeps the old rows on screen until the answer comes, instead of a flash of skeletons
    placeholderData: keepPreviousData,
  })

export const usePipeline = (jobId: string, filter: PipelineFilter = {}) => useQuery(pipelineQueryOptions(jobId, filter))
