/**
 * Rejecting one applicant, from the board (drag or Move to…), the list or the applicant page,
 * first asks for optional feedback, which the candidate reads with their rejected status (the
 * same text the bulk reject sends). Cancel sends nothing, so the card stays where it was.
 */
import { useCallback, useState, type ReactNode } from 'react'
import { Field } from '../../../components/ui/Field'
import { Modal, ModalFormActions } from '../../../components/ui/Modal'
import { personName } from '../../../lib/erased'
import { moveRefusal } from '../model/stages'
import type { PipelineCard, Stage } from '../types'
import { useCardMover } from './useCardMover'

/** `requestMove` is `moveCard` with a stop at the dialog for Rejected; render `dialog` somewhere on the page. */
export function useMoveWithFeedback(jobId: string): { requestMove: (card: PipelineCard, to: Stage) => void; dialog: ReactNode; moving: boolean } {
  const { moveCard, moving } = useCardMover(jobId)
  const [rejecting, setRejecting] = useState<PipelineCard | null>(null)
  const requestMove = useCallback(
    (card: PipelineCard, to: Stage) => {
      if (to === 'rejected' && moveRefusal(card, to) === null) setRejecting(card)
      else moveCard(card, to)
    },
    [moveCard],
  )
  const dialog = rejecting ? (
    <RejectDialog
      name={personName(rejecting.candidate_name)}
      onCancel={() => setRejecting(null)}
      onReject={(feedback) => {
        moveCard(rejecting, 'rejected', feedback)
        setRejecting(null)
      }}
    />
  ) : null
  return { requestMove, dialog, moving }
}

export function RejectDialog({ name, onCancel, onReject }: { name: string; onCancel: () => void; onReject: (feedback: string) => void }) {
  const [feedback, setFeedback] = useState('')
  return (
    <Modal title={`Reject ${name}?`} onClose={onCancel}>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          onReject(feedback.trim())
        }}
      >
        <Field label={`Feedback for ${name} (optional)`} hint="They will read this with their rejected status. Up to 2000 characters.">
          {(p) => <textarea {...p} className="input" rows={4} maxLength={2000} value={feedback} onChange={(e) => setFeedback(e.target.value)} />}
        </Field>
        <ModalFormActions onCancel={onCancel} submitLabel="Reject" danger />
      </form>
    </Modal>
  )
}
