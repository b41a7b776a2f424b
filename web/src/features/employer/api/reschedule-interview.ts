/** PUT /api/employer/interviews/{id}: moves a booked interview; the candidate's calendar entry moves with it. */
import type { ApiReply } from '../../../api'
import type { InterviewBody } from '../types'
import { employerFetch } from './client'
import { useInterviewMutation } from './interview-mutation'

export const rescheduleInterview = ({ interviewId, body }: { interviewId: string; applicationId: string; body: InterviewBody }) =>
  employerFetch<ApiReply<'reschedule'>>(`/api/employer/interviews/${encodeURIComponent(interviewId)}`, { method: 'PUT', body })

export const useRescheduleInterview = () => useInterviewMutation(rescheduleInterview)
