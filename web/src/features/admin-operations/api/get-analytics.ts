/** GET /api/admin/analytics?from=&to=&employer_id=: applications per week, the funnel, response and
 *  fill times, and the breakdowns, for every client or one (`employer`, '' for all); job alerts
 *  are the agency's either way. */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { adminFetch, retryServerErrors, withQuery } from '../../admin'
import type { AnalyticsQuery } from '../model/analytics'
import type { Analytics } from '../types'
import { operationsKeys } from './keys'

export const getAnalytics = ({ from, to, employer }: AnalyticsQuery, signal?: AbortSignal) =>
  adminFetch<Analytics>(withQuery('/api/admin/analytics', { from, to, employer_id: employer }), { signal })

export const useAnalytics = (q: AnalyticsQuery) =>
  useQuery({ queryKey: operationsKeys.analytics(q), queryFn: ({ signal }) => getAnalytics(q, signal), placeholderData: keepPreviousData, retry: retryServerErrors })
