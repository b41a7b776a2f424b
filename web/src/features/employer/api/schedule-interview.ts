/** POST /api/employer/applications/{id}/interviews: books an interview (Sydney time); the candidate is mailed an invitation. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRealtimeConnected } from '../../../lib/realtime'
import type { InterviewBody } from '../types'
import { employerPost } from './client'
import { employerKeys } from './keys'

export const scheduleInterview = ({ applicationId, body }: { applicationId: string; body: InterviewBody }) =>
  employerPost<{ id: string; message: string }>(`/api/employer/applications/${encodeURIComponent(applicationId)}/interviews`, body)

export function useScheduleInterview() {
  const qc = useQueryClient()
  // the interview comes back as `pipeline_updated`, which reads the applicant again (stale.ts)
  const live = useRealtimeConnected()
  return useMutation({
    mutationFn: scheduleInterview,
    onSuccess: (_d, { applicationId }) => (live ? undefined : qc.invalidateQueries({ queryKey: employerKeys.applicant(applicationId) })),
  })
}
