/**
 * POST /api/employer/applications/{id}/move {stage, feedback?, reason?, version, email_candidate?,
 * team_note?}: one card to another stage; `email_candidate` (a rejection only) has the server email
 * the candidate as well, and is left out otherwise; `reason` (a rejection only) is why the team is
 * not going ahead, for its own reports; `team_note` is the team's own note as written, sent only
 * when there is some: the server saves it as a private note on the application in the same step
 * as the move, led by what the move did ("Rejected (Salary expectations): …"), and saves nothing
 * when the move changed nothing. The reply's `emailed` says whether an email was actually queued
 * (never for an erased candidate, nor for one who was already rejected), and `note_saved` whether
 * the note was saved. The board moves the card at once (optimistic) and puts it back if the server
 * refuses; either way the job's queries are read again, so a 409 shows where a colleague put the
 * card. After a move that took, the socket's `pipeline_updated` reads them again (in this tab as
 * in the others); the mutation does it only when nothing will echo: a refusal, or no open socket.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import { useRealtimeConnected } from '../../../lib/realtime'
import type { Pipeline, RejectionReason, Stage } from '../types'
import { employerPost } from './client'
import { employerKeys } from './keys'
import { markPipelineStale } from './stale'

export type MoveInput = {
  id: string
  jobId: string
  stage: Stage
  version: number
  feedback?: string
  emailCandidate?: boolean
  reason?: RejectionReason
  /** the team's private note, as written; the server leads it with what the move did ("Rejected (…): ") */
  teamNote?: string
}

/** The move's reply: the card's new version, and whether the candidate was emailed. */
export type MovedReply = ApiReply<'move_one'>

export const moveApplication = ({ id, stage, version, feedback, emailCandidate, reason, teamNote }: MoveInput) =>
  employerPost<MovedReply>(`/api/employer/applications/${encodeURIComponent(id)}/move`, {
    stage,
    version,
    ...(feedback ? { feedback } : {}),
    ...(emailCandidate ? { email_candidate: true } : {}),
    ...(reason ? { reason } : {}),
    ...(teamNote?.trim() ? { team_note: teamNote.trim() } : {}),
  })

export function useMoveApplication() {
  const qc = useQueryClient()
  const live = useRealtimeConnected()
  return useMutation({
    mutationFn: moveApplication,
    onMutate: async ({ id, jobId, stage, reason }) => {
      const key = employerKeys.pipelines(jobId)
      await qc.cancelQueries({ queryKey: key })
      const before = qc.getQueriesData<Pipeline>({ queryKey: key })
      // a rejection cancels the interviews still to come, so the card stops showing one at once too,
      // and shows its reason; a card only has a reason while it is rejected
      const moved =
        stage === 'rejected'
          ? { stage, next_interview_at: null, upcoming_interviews: 0, rejection_reason: reason ?? null }
          : { stage, rejection_reason: null }
      qc.setQueriesData<Pipeline>({ queryKey: key }, (old) =>
        old ? { ...old, applications: old.applications.map((a) => (a.id === id ? { ...a, ...moved } : a)) } : old,
      )
      return { before }
    },
    onError: (_err, _input, context) => context?.before.forEach(([key, data]) => qc.setQueryData(key, data)),
    onSettled: (_data, err, { id, jobId }) => {
      if (err || !live) void markPipelineStale(qc, jobId, id)
    },
  })
}
