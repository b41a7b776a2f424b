/**
 * The employer's live board (issue #9, point 6): socket events from the employer's own room mark
 * the matching queries stale, so an open board, list, report or applicant reads them again.
 * Handlers only invalidate: the cache stays the one copy of the state.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useRealtime } from '../../../lib/realtime'
import { markAssessmentStale, markPipelineStale } from '../api/stale'

/** Follows the session's socket; the workspace calls it once, inside its RealtimeProvider. */
export function useEmployerLive(): void {
  const qc = useQueryClient()
  useRealtime('pipeline_updated', ({ job_id, application_id }) => void markPipelineStale(qc, job_id, application_id))
  useRealtime('assessment_updated', ({ application_id }) => void markAssessmentStale(qc, application_id))
}
