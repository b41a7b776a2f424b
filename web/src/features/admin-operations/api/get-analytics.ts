/** GET /api/admin/analytics?from=&to=: applications per week, the funnel, response and fill times, and the breakdowns. */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { adminFetch, retryServerErrors, withQuery } from '../../admin'
import type { Analytics } from '../types'
import { operationsKeys } from './keys'

export const getAnalytics = (from: string, to: string, signal?: AbortSignal) =>
  adminFetch<Analytics>(withQuery('/api/admin/analytics', { from, to }), { signal })

export const useAnalytics = (from: string, to: string) =>
  useQuery({ queryKey: operationsKeys.analytics(from, to), queryFn: ({ signal }) => getAnalytics(from, to, signal), placeholderData: keepPreviousData, retry: retryServerErrors })
