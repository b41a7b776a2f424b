/** POST /api/employer/interviews/{id}/cancel {reason?}: the candidate is told and the calendar entry is withdrawn. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import { employerPost } from './client'
import { employerKeys } from './keys'

export const cancelInterview = ({ interviewId, reason }: { interviewId: string; applicationId: string; reason?: string }) =>
  employerPost<ApiReply<'cancel'>>(`/api/employer/interviews/${encodeURIComponent(interviewId)}/cancel`, reason?.trim() ? { reason: reason.trim() } : {})

export function useCancelInterview() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: cancelInterview,
    onSuccess: (_d, { applicationId }) => qc.invalidateQueries({ queryKey: employerKeys.applicant(applicationId) }),
  })
}
