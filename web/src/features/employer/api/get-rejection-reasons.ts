/**
 * GET /api/employer/rejection-reasons: the reasons a rejection may give, in the order a form lists
 * them, each with the label the team reads. The server owns the list and its words, and they never
 * change while it runs, so the list is read once and kept.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ReasonOption, RejectionReason } from '../types'
import { employerFetch } from './client'
import { employerKeys } from './keys'

export const getRejectionReasons = (signal?: AbortSignal) => employerFetch<ReasonOption[]>('/api/employer/rejection-reasons', { signal })

export const rejectionReasonsQueryOptions = () =>
  queryOptions({ queryKey: employerKeys.rejectionReasons(), queryFn: ({ signal }) => getRejectionReasons(signal), staleTime: Infinity, gcTime: Infinity })

export const useRejectionReasons = () => useQuery(rejectionReasonsQueryOptions())

/**
 * The team's words for `reason` ("Salary expectations"), read from the list only when there is a
 * reason to name; null without one, and until the list is in (never the bare id).
 */
export function useRejectionReasonLabel(reason: RejectionReason | null | undefined): string | null {
  const reasons = useQuery({ ...rejectionReasonsQueryOptions(), enabled: Boolean(reason) })
  return (reason && reasons.data?.find((r) => r.reason === reason)?.label) || null
}
