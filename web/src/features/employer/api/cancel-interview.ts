/** POST /api/employer/interviews/{id}/cancel {reason?}: the candidate is told and the calendar entry is withdrawn. */
import type { ApiReply } from '../../../api'
import { employerPost } from './client'
import { useInterviewMutation } from './interview-mutation'

export const cancelInterview = ({ interviewId, reason }: { interviewId: string; applicationId: string; reason?: string }) =>
  employerPost<ApiReply<'cancel'>>(`/api/employer/interviews/${encodeURIComponent(interviewId)}/cancel`, reason?.trim() ? { reason: reason.trim() } : {})

export const useCancelInterview = () => useInterviewMutation(cancelInterview)
