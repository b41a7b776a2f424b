/** PUT /api/employer/interviews/{id}: moves a booked interview; the candidate's calendar entry moves with it. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import type { InterviewBody } from '../types'
import { employerFetch } from './client'
import { employerKeys } from './keys'

export const rescheduleInterview = ({ interviewId, body }: { interviewId: string; applicationId: string; body: InterviewBody }) =>
  employerFetch<ApiReply<'reschedule'>>(`/api/employer/interviews/${encodeURIComponent(interviewId)}`, { method: 'PUT', body })

export function useRescheduleInterview() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: rescheduleInterview,
    onSuccess: (_d, { applicationId }) => qc.invalidateQueries({ queryKey: employerKeys.applicant(applicationId) }),
  })
}
