/** GET /api/admin/analytics?from=&to=: applications per week, the funnel, response and fill times, and the breakdowns. */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { Analytics } from '../types-ops'
import { opsFetch, retryServerErrors, withQuery } from './ops-client'
import { opsKeys } from './ops-keys'

export const getAnalytics = (from: string, to: string, signal?: AbortSignal) =>
  opsFetch<Analytics>(withQuery('/api/admin/analytics', { from, to }), { signal })

export const useAnalytics = (from: string, to: string) =>
  useQuery({ queryKey: opsKeys.analytics(from, to), queryFn: ({ signal }) => getAnalytics(from, to, signal), placeholderData: keepPreviousData, retry: retryServerErrors })
