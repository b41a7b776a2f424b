/**
 * Moving a card, wherever it is moved from: the command with the card's version (and, for a
 * rejection, the feedback the candidate will read), and a toast that names the applicant (for a
 * rejection, that they have been told) or gives the server's words for a refusal.
 */
import { useCallback } from 'react'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api'
import { isErased, personName } from '../../../lib/erased'
import { serverMessageOr } from '../../../lib/server-message'
import { useMoveApplication } from '../api/move-application'
import { moveRefusal, STAGE_LABELS } from '../model/stages'
import type { PipelineCard, Stage } from '../types'

export function useCardMover(jobId: string) {
  const { push } = useToast()
  const move = useMoveApplication()
  const { mutate } = move
  const moveCard = useCallback(
    (card: PipelineCard, to: Stage, feedback?: string) => {
      if (card.stage === to) return
      // the server's own refusal, which the card carries: nothing is sent for a move it would refuse
      const refused = moveRefusal(card, to)
      if (refused) {
        push({ kind: 'warning', title: 'That move is not possible', message: refused })
        return
      }
      mutate(
        { id: card.id, jobId, stage: to, version: card.version, feedback: feedback?.trim() || undefined },
        {
          onSuccess: () => push(movedToast(card, to, feedback?.trim())),
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

/** The toast for a move that took: a rejection says the candidate has been told (RejectDialog says how). */
function movedToast(card: PipelineCard, to: Stage, feedback?: string) {
  const name = personName(card.candidate_name)
  if (to !== 'rejected' || isErased(card.candidate_name)) {
    return { kind: 'success' as const, title: 'Applicant moved', message: `${name} is now in ${STAGE_LABELS[to]}.` }
  }
  return {
    kind: 'success' as const,
    title: 'Applicant rejected',
    message: feedback ? `We’ve let ${name} know, with your feedback.` : `We’ve let ${name} know in their portal.`,
  }
}
