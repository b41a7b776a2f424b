/**
 * GET /api/admin/rejection-reasons: every reason a rejection may give, in the hiring teams' words,
 * so a record's `rejection_reason` code ("location") reads as they chose it ("Location or work
 * rights"). The words are the server's; until they are in (or if they fail), the code shows.
 */
import { useQuery } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import { adminFetch, adminKeys } from '../../admin'

type ReasonOptions = ApiReply<'admin_rejection_reasons'>

/** Code → words. */
export type ReasonLabels = ReadonlyMap<string, string>

export const getRejectionReasons = (signal?: AbortSignal) => adminFetch<ReasonOptions>('/api/admin/rejection-reasons', { signal })

/** The reasons' words by code; empty until they are in. They change only with a release. */
export function useReasonLabels(): ReasonLabels {
  const { data } = useQuery({
    queryKey: [...adminKeys.all, 'rejection-reasons'] as const,
    queryFn: ({ signal }) => getRejectionReasons(signal),
    staleTime: Infinity,
    // made once per answer, not on every render of the tables that read it
    select: (options) => new Map(options.map((r) => [r.reason, r.label])) as ReasonLabels,
  })
  return data ?? NO_LABELS
}

const NO_LABELS: ReasonLabels = new Map()
