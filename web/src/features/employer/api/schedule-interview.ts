/** POST /api/employer/applications/{id}/interviews: books an interview (Sydney time); the candidate is mailed an invitation. */
import type { ApiReply } from '../../../api'
import type { InterviewBody } from '../types'
import { employerPost } from './client'
import { useInterviewMutation } from './interview-mutation'

export const scheduleInterview = ({ applicationId, body }: { applicationId: string; body: InterviewBody }) =>
  employerPost<ApiReply<'schedule'>>(`/api/employer/applications/${encodeURIComponent(applicationId)}/interviews`, body)

export const useScheduleInterview = () => useInterviewMutation(scheduleInterview)
