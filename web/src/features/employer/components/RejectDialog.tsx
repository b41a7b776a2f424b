/**
 * Rejecting one applicant, from the board (drag or Move to…), the list or the applicant page,
 * first asks for optional feedback, which the candidate reads with their rejected status (the
 * same text the bulk reject sends). Marking one hired, which is final and tells the candidate at
 * once, first asks to confirm (a slip of a drag must not hire anyone). Cancel sends nothing, so the
 * card stays where it was.
 */
import { useCallback, useState, type ReactNode } from 'react'
import { Field } from '../../../components/ui/Field'
import { Modal, ModalFormActions } from '../../../components/ui/Modal'
import { personName } from '../../../lib/erased'
import { moveRefusal } from '../model/stages'
import type { PipelineCard, Stage } from '../types'
import { useCardMover } from './useCardMover'

/** `requestMove` is `moveCard` with a stop at a dialog for Rejected and Hired; render `dialog` somewhere on the page. */
export function useMoveWithFeedback(jobId: string): { requestMove: (card: PipelineCard, to: Stage) => void; dialog: ReactNode; moving: boolean } {
  const { moveCard, moving } = useCardMover(jobId)
  const [rejecting, setRejecting] = useState<PipelineCard | null>(null)
  const [hiring, setHiring] = useState<PipelineCard | null>(null)
  const requestMove = useCallback(
    (card: PipelineCard, to: Stage) => {
      const allowed = moveRefusal(card, to) === null
      if (to === 'rejected' && allowed) setRejecting(card)
      else if (to === 'hired' && allowed && card.stage !== 'hired') setHiring(card)
      else moveCard(card, to)
    },
    [moveCard],
  )
  const dialog = hiring ? (
    <HireDialog
      name={personName(hiring.candidate_name)}
      onCancel={() => setHiring(null)}
      onHire={() => {
        moveCard(hiring, 'hired')
        setHiring(null)
      }}
    />
  ) : rejecting ? (
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

export function HireDialog({ name, onCancel, onHire }: { name: string; onCancel: () => void; onHire: () => void }) {
  return (
    <Modal title={`Mark ${name} as hired?`} onClose={onCancel}>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          onHire()
        }}
      >
        <p>Hired is final: their stage can no longer change afterwards, and {name} is told straight away.</p>
        <ModalFormActions onCancel={onCancel} submitLabel="Mark as hired" />
      </form>
    </Modal>
  )
}
