/**
 * Moving a card, wherever it is moved from: the command with the card's version (and, for a
 * rejection, the feedback the candidate will read, whether to email them too, and the team's own
 * reason), and a toast that names the applicant (for a rejection, how they were told: portal and
 * notifications, and an email only when the server says one went, and how many of their interviews
 * the server cancelled) or gives the server's words for a refusal. A rejection's note for the team
 * goes with the move: the server saves it on the application in the same step, led by the reason,
 * so the rejection and its note are saved together or not at all.
 */
import { useCallback } from 'react'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api'
import { isErased, personName } from '../../../lib/erased'
import { serverMessageOr } from '../../../lib/server-message'
import { useMoveApplication } from '../api/move-application'
import { moveRefusal, STAGE_LABELS } from '../model/stages'
import { interviewsCancelledText } from '../model/upcomingInterviews'
import type { PipelineCard, RejectionReason, Stage } from '../types'

/**
 * What a rejection says: feedback for the candidate, whether to email them too, the team's own
 * reason, and the team's private note as they wrote it, or '' for none (the server adds the reason
 * before it).
 */
export type Rejection = { feedback?: string; emailCandidate?: boolean; reason?: RejectionReason; note?: string }

export function useCardMover(jobId: string) {
  const { push } = useToast()
  const move = useMoveApplication()
  const { mutate } = move
  const moveCard = useCallback(
    (card: PipelineCard, to: Stage, { feedback, emailCandidate = false, reason, note }: Rejection = {}) => {
      if (card.stage === to) return
      // the server's own refusal, which the card carries: nothing is sent for a move it would refuse
      const refused = moveRefusal(card, to)
      if (refused) {
        push({ kind: 'warning', title: 'That move is not possible', message: refused })
        return
      }
      // ask for an email only with a rejection, and never for an erased candidate: they have no address
      const email = emailCandidate && to === 'rejected' && !isErased(card.candidate_name)
      mutate(
        {
          id: card.id,
          jobId,
          stage: to,
          version: card.version,
          feedback: feedback?.trim() || undefined,
          emailCandidate: email || undefined,
          reason: to === 'rejected' ? reason : undefined,
          teamNote: to === 'rejected' ? note : undefined,
        },
        {
          // the server says whether an email went (not when they were already rejected, say) and how
          // many interviews it cancelled; a reply without either (an older server) counts as none
          onSuccess: (reply) => push(movedToast(card, to, { feedback: feedback?.trim(), emailed: reply.emailed === true, cancelled: reply.interviews_cancelled ?? 0 })),
          onError: (err) =>
            push({
              kind: err instanceof ApiError && err.status === 409 ? 'warning' : 'error',
              title: err instanceof ApiError && err.status === 409 ? 'The board has changed' : 'Could not move the applicant',
              message: serverMessageOr(err, 'Please try again.'),
            }),
        },
      )
    },
    [jobId, mutate, push],
  )
  return { moveCard, moving: move.isPending }
}

/**
 * The toast for a move that took: a rejection says how the candidate was told (RejectDialog says so
 * first), with an email only when the server's reply says one was queued, and the interviews the
 * server says it cancelled (each is mailed to them with a calendar update, saying the application
 * is not going ahead, so then it is "no rejection email", not "no email").
 */
function movedToast(card: PipelineCard, to: Stage, { feedback, emailed, cancelled }: { feedback?: string; emailed: boolean; cancelled: number }) {
  const name = personName(card.candidate_name)
  const interviews = interviewsCancelledText(cancelled, { their: true })
  if (to !== 'rejected' || isErased(card.candidate_name)) {
    return { kind: 'success' as const, title: 'Applicant moved', message: [`${name} is now in ${STAGE_LABELS[to]}.`, interviews].filter(Boolean).join(' ') }
  }
  const withFeedback = feedback ? ', with your feedback' : ''
  const told = emailed
    ? `We’ve emailed ${name} and updated their portal${withFeedback}.`
    : `${name} will see it in their portal${withFeedback}; no ${cancelled ? 'rejection ' : ''}email was sent.`
  return { kind: 'success' as const, title: 'Applicant rejected', message: [told, interviews].filter(Boolean).join(' ') }
}
