/** POST /api/employer/applications/{id}/scorecards: criteria rated 1-5 and a recommendation, private to the team.
 *  The applicant and the boards are read again on the socket's `assessment_updated`, or by the mutation while no socket is open. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiReply, ApiSchema } from '../../../api'
import { useRealtimeConnected } from '../../../lib/realtime'
import { employerPost } from './client'
import { markAssessmentStale } from './stale'

export type ScorecardBody = ApiSchema<'ScorecardBody'>

export const addScorecard = ({ id, body }: { id: string; body: ScorecardBody }) =>
  employerPost<ApiReply<'add_scorecard'>>(`/api/employer/applications/${encodeURIComponent(id)}/scorecards`, body)

export function useAddScorecard() {
  const qc = useQueryClient()
  const live = useRealtimeConnected()
  return useMutation({ mutationFn: addScorecard, onSuccess: (_d, { id }) => (live ? undefined : markAssessmentStale(qc, id)) })
}
