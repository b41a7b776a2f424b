/**
 * The employer's live board (issue #9, point 6): socket events from the employer's own room mark
 * the matching queries stale, so an open board, list, report or applicant reads them again.
 * Handlers only invalidate: the cache stays the one copy of the state.
 */
import { useMemo } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { employerKeys, isPipelineKey } from '../api/keys'

type PipelineUpdated = { job_id?: string; application_id?: string }
type AssessmentUpdated = { application_id?: string }

export function useEmployerLiveHandlers(): Record<string, (payload: unknown) => void> {
  const qc = useQueryClient()
  return useMemo(
    () => ({
      pipeline_updated: (payload: unknown) => {
        const { job_id, application_id } = (payload ?? {}) as PipelineUpdated
        void qc.invalidateQueries({ queryKey: employerKeys.jobList() })
        if (job_id) {
          void qc.invalidateQueries({ queryKey: employerKeys.pipelines(job_id) })
          void qc.invalidateQueries({ queryKey: employerKeys.report(job_id) })
        }
        if (application_id) void qc.invalidateQueries({ queryKey: employerKeys.applicant(application_id) })
      },
      assessment_updated: (payload: unknown) => {
        const { application_id } = (payload ?? {}) as AssessmentUpdated
        if (application_id) void qc.invalidateQueries({ queryKey: employerKeys.applicant(application_id) })
        // the boards' cards carry the scorecards' average
        void qc.invalidateQueries({ predicate: (q) => isPipelineKey(q.queryKey) })
      },
    }),
    [qc],
  )
}
