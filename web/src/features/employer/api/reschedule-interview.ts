/** PUT /api/employer/interviews/{id}: moves a booked interview; the candidate's calendar entry moves with it. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRealtimeConnected } from '../../../lib/realtime'
import type { InterviewBody } from '../types'
import { employerFetch } from './client'
import { employerKeys } from './keys'

export const rescheduleInterview = ({ interviewId, body }: { interviewId: string; applicationId: string; body: InterviewBody }) =>
  employerFetch<{ message: string }>(`/api/employer/interviews/${encodeURIComponent(interviewId)}`, { method: 'PUT', body })

export function useRescheduleInterview() {
  const qc = useQueryClient()
  // the interview comes back as `pipeline_updated`, which reads the applicant again (stale.ts)
  const live = useRealtimeConnected()
  return useMutation({
    mutationFn: rescheduleInterview,
    onSuccess: (_d, { applicationId }) => (live ? undefined : qc.invalidateQueries({ queryKey: employerKeys.applicant(applicationId) })),
  })
}
