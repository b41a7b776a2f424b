/** GET /api/employer/interviews: the booked interviews not yet finished (those under way too) across every job, soonest first (at most 100). */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { UpcomingInterview } from '../types'
import { employerFetch } from './client'
import { employerKeys } from './keys'

export async function getUpcomingInterviews(signal?: AbortSignal): Promise<UpcomingInterview[]> {
  const data = await employerFetch<unknown>('/api/employer/interviews', { signal })
  return Array.isArray(data) ? (data as UpcomingInterview[]) : []
}

export const upcomingInterviewsQueryOptions = () => queryOptions({ queryKey: employerKeys.interviews(), queryFn: ({ signal }) => getUpcomingInterviews(signal) })

export const useUpcomingInterviews = () => useQuery(upcomingInterviewsQueryOptions())
