/**
 * Rejecting one applicant, from the board (drag or Move to…), the list or the applicant page,
 * first says what the candidate is told and asks for optional feedback. What it says is what the
 * server does: a move to Rejected marks the application "Not progressed" in the candidate's
 * portal and raises a notification saying it won't go further (with the feedback, if any), at
 * once; it sends no email. An erased applicant has no one left to tell, so their dialog says so
 * and asks for no feedback. Marking one hired, which is final and tells the candidate at once,
 * first asks to confirm (a slip of a drag must not hire anyone). Cancel sends nothing, so the
 * card stays where it was.
 */
import { useCallback, useState, type ReactNode } from 'react'
import { Field } from '../../../components/ui/Field'
import { Modal, ModalFormActions } from '../../../components/ui/Modal'
import { isErased, personName } from '../../../lib/erased'
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
      erased={isErased(rejecting.candidate_name)}
      onCancel={() => setRejecting(null)}
      onReject={(feedback) => {
        moveCard(rejecting, 'rejected', feedback)
        setRejecting(null)
      }}
    />
  ) : null
  return { requestMove, dialog, moving }
}

/** What the candidate is told when they are rejected, said before the manager decides: one by name, or many. */
export function RejectNotice({ name, erased = false }: { name?: string; erased?: boolean }) {
  if (erased) return <p>Their personal data was erased, so there is no one to tell: the application simply moves to Rejected.</p>
  return name ? (
    <p>{name} will see straight away, in their portal and notifications, that this application won’t go further. No email is sent.</p>
  ) : (
    <p>Each of them will see straight away, in their portal and notifications, that their application won’t go further. No email is sent.</p>
  )
}

/** The feedback field's hint, for one applicant or many. */
export const REJECT_FEEDBACK_HINT = 'They’ll read it with that news. Up to 2000 characters.'

export function RejectDialog({ name, erased = false, onCancel, onReject }: { name: string; erased?: boolean; onCancel: () => void; onReject: (feedback: string) => void }) {
  const [feedback, setFeedback] = useState('')
  return (
    <Modal title={`Reject ${name}?`} onClose={onCancel}>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          onReject(erased ? '' : feedback.trim())
        }}
      >
        <RejectNotice name={name} erased={erased} />
        {erased ? null : (
          <Field label={`Feedback for ${name} (optional)`} hint={REJECT_FEEDBACK_HINT}>
            {(p) => <textarea {...p} className="input" rows={4} maxLength={2000} value={feedback} onChange={(e) => setFeedback(e.target.value)} />}
          </Field>
        )}
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
