/**
 * POST /api/employer/applications/bulk-reject {application_ids, feedback?}: each one its own move;
 * failures come back per id. Each rejection that took comes back as its own `pipeline_updated`,
 * which marks the job's queries stale; the mutation does it only when nothing will echo (the call
 * failed, or no socket is open).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiSchema } from '../../../api'
import { useRealtimeConnected } from '../../../lib/realtime'
import { employerPost } from './client'
import { employerKeys } from './keys'

export type BulkRejectResult = ApiSchema<'BulkRejected'>

export const bulkReject = ({ ids, feedback }: { ids: string[]; jobId: string; feedback?: string }) =>
  employerPost<BulkRejectResult>('/api/employer/applications/bulk-reject', { application_ids: ids, ...(feedback?.trim() ? { feedback: feedback.trim() } : {}) })

export function useBulkReject() {
  const qc = useQueryClient()
  const live = useRealtimeConnected()
  return useMutation({
    mutationFn: bulkReject,
    onSettled: (_d, err, { jobId }) => {
      if (live && !err) return
      void qc.invalidateQueries({ queryKey: employerKeys.pipelines(jobId) })
      void qc.invalidateQueries({ queryKey: employerKeys.jobList() })
      void qc.invalidateQueries({ queryKey: employerKeys.report(jobId) })
      void qc.invalidateQueries({ queryKey: employerKeys.applicants() })
    },
  })
}
