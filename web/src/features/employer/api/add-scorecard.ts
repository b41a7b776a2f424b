/** POST /api/employer/applications/{id}/scorecards: criteria rated 1-5 and a recommendation, private to the team. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiReply, ApiSchema } from '../../../api'
import { employerPost } from './client'
import { employerKeys, isPipelineKey } from './keys'

export type ScorecardBody = ApiSchema<'ScorecardBody'>

export const addScorecard = ({ id, body }: { id: string; body: ScorecardBody }) =>
  employerPost<ApiReply<'add_scorecard'>>(`/api/employer/applications/${encodeURIComponent(id)}/scorecards`, body)

export function useAddScorecard() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: addScorecard,
    onSuccess: (_d, { id }) => {
      void qc.invalidateQueries({ predicate: (q) => isPipelineKey(q.queryKey) })
      return qc.invalidateQueries({ queryKey: employerKeys.applicant(id) })
    },
  })
}
