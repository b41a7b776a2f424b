/** POST /api/employer/interviews/{id}/cancel {reason?}: the candidate is told and the calendar entry is withdrawn. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRealtimeConnected } from '../../../lib/realtime'
import { employerPost } from './client'
import { employerKeys } from './keys'

export const cancelInterview = ({ interviewId, reason }: { interviewId: string; applicationId: string; reason?: string }) =>
  employerPost<{ message: string }>(`/api/employer/interviews/${encodeURIComponent(interviewId)}/cancel`, reason?.trim() ? { reason: reason.trim() } : {})

export function useCancelInterview() {
  const qc = useQueryClient()
  // the interview comes back as `pipeline_updated`, which reads the applicant again (stale.ts)
  const live = useRealtimeConnected()
  return useMutation({
    mutationFn: cancelInterview,
    onSuccess: (_d, { applicationId }) => (live ? undefined : qc.invalidateQueries({ queryKey: employerKeys.applicant(applicationId) })),
  })
}
