/** POST /api/employer/applications/{id}/interviews: books an interview (Sydney time); the candidate is mailed an invitation. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import type { InterviewBody } from '../types'
import { employerPost } from './client'
import { employerKeys } from './keys'

export const scheduleInterview = ({ applicationId, body }: { applicationId: string; body: InterviewBody }) =>
  employerPost<ApiReply<'schedule'>>(`/api/employer/applications/${encodeURIComponent(applicationId)}/interviews`, body)

export function useScheduleInterview() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: scheduleInterview,
    onSuccess: (_d, { applicationId }) => qc.invalidateQueries({ queryKey: employerKeys.applicant(applicationId) }),
  })
}
