/**
 * POST /api/employer/applications/bulk-reject {application_ids, feedback?, reason?,
 * email_candidates?, team_note?}: each one its own move, all with the same feedback and reason
 * (the team's own record of why); failures come back per id. `email_candidates` has the server
 * email each candidate as well (none whose personal data was erased: they have no address), and is
 * left out otherwise. `team_note` is the team's own note as written, sent only when there is some:
 * the server saves it on each applicant it rejects, with that rejection, led by the reason
 * ("Rejected (Salary expectations): …"). An applicant who was already rejected is passed over:
 * left exactly as they were (reason, feedback and notes), not emailed, reported with no error and
 * `already_rejected`, and not counted in the reply's `rejected`. The reply's `emailed` counts the
 * candidates actually emailed; each result's `emailed` says whether that one was, and `note_saved`
 * whether the note was saved on them. Each rejection that took comes back as its own
 * `pipeline_updated`, which marks the job's queries stale; the mutation does it only when nothing
 * will echo (the call failed, or no socket is open).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiSchema } from '../../../api'
import { useRealtimeConnected } from '../../../lib/realtime'
import type { RejectionReason } from '../types'
import { employerPost } from './client'
import { employerKeys } from './keys'

/** The reply: how many were rejected and emailed, and each one's outcome. */
export type BulkRejectResult = ApiSchema<'BulkRejected'>

export type BulkRejectInput = {
  ids: string[]
  jobId: string
  feedback?: string
  emailCandidates?: boolean
  reason?: RejectionReason
  /** the team's private note, as written; the server leads it with the reason ("Rejected (…): ") */
  teamNote?: string
}

export const bulkReject = ({ ids, feedback, emailCandidates, reason, teamNote }: BulkRejectInput) =>
  employerPost<BulkRejectResult>('/api/employer/applications/bulk-reject', {
    application_ids: ids,
    ...(feedback?.trim() ? { feedback: feedback.trim() } : {}),
    ...(emailCandidates ? { email_candidates: true } : {}),
    ...(reason ? { reason } : {}),
    ...(teamNote?.trim() ? { team_note: teamNote.trim() } : {}),
  })

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
      // a rejection cancels the applicant's interviews still to come
      void qc.invalidateQueries({ queryKey: employerKeys.interviews() })
    },
  })
}
