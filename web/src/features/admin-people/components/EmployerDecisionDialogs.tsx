/**
 * The dialogs in front of every decision about an employer: approving and reinstating are
 * confirmed in one dialog that says what the decision does (approving also takes an optional note
 * of what was checked, kept for the audit and not sent); rejecting and suspending take a reason,
 * which is mailed to the employer. Each dialog sends its own request and stays open until
 * it is done, so a refused decision is explained where it was taken.
 */
import { useState } from 'react'
import { ErrorAlert } from '../../../components/ui/Alert'
import { Field } from '../../../components/ui/Field'
import { Modal, ModalFormActions } from '../../../components/ui/Modal'
import { useToast } from '../../../components/ui/toast'
import { serverMessageOr } from '../../../lib/server-message'
import { useReviewEmployer } from '../api/review-employer'
import { employerName } from '../model/employer'
import { REASON_MAX, reasonError } from '../model/forms'
import type { AdminEmployer } from '../types'

type DialogProps<A> = { employer: AdminEmployer; action: A; onClose: () => void }

const CONFIRM = {
  approve: {
    title: (name: string) => `Approve ${name}?`,
    body: (name: string) =>
      `${name} will be able to sign in and post jobs, and the jobs they publish go straight onto the public job board. We email them to say they have been approved.`,
    submit: 'Approve employer',
    done: 'Employer approved',
    toast: (name: string) => `${name} can now sign in and post jobs. We have emailed them.`,
  },
  reinstate: {
    title: (name: string) => `Reinstate ${name}?`,
    body: (name: string) => `${name} will be able to sign in again, and their open jobs go back on the public job board. We email them to say so.`,
    submit: 'Reinstate employer',
    done: 'Employer reinstated',
    toast: (name: string) => `${name} can sign in again and their open jobs are back on the board.`,
  },
} as const

/** "Approve {company}?" or "Reinstate {company}?": what the decision does, then the one button that makes it. */
export function ConfirmDecisionDialog({ employer, action, onClose }: DialogProps<'approve' | 'reinstate'>) {
  const review = useReviewEmployer()
  const { push } = useToast()
  const [error, setError] = useState<string | null>(null)
  const [note, setNote] = useState('')
  const copy = CONFIRM[action]
  const name = employerName(employer)
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    setError(null)
    review.mutate(
      action === 'approve' ? { id: employer.id, action, note } : { id: employer.id, action },
      {
        onSuccess: () => {
          push({ kind: 'success', title: copy.done, message: copy.toast(name) })
          onClose()
        },
        onError: (err) => setError(serverMessageOr(err, 'Please try again.')),
      },
    )
  }
  return (
    <Modal title={copy.title(name)} onClose={onClose}>
      <form onSubmit={submit} noValidate className="adm-stack-sm">
        <p>{copy.body(name)}</p>
        {action === 'approve' ? (
          <Field label="What did you check? (optional)" hint="Kept in the audit trail for whoever asks later; not sent to them. For example: ABN, website, a call to their listed number.">
            {(p) => <textarea {...p} value={note} maxLength={REASON_MAX} rows={3} onChange={(e) => setNote(e.target.value)} />}
          </Field>
        ) : null}
        <ErrorAlert message={error} />
        <ModalFormActions onCancel={onClose} cancelDisabled={review.isPending} submitLabel={copy.submit} icon={action === 'approve' ? 'check' : 'reopen'} busy={review.isPending} />
      </form>
    </Modal>
  )
}

/** Reject or suspend, with the reason the employer will read. */
export function ReasonDialog({ employer, action, onClose }: DialogProps<'reject' | 'suspend'>) {
  const review = useReviewEmployer()
  const { push } = useToast()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const suspend = action === 'suspend'
  const name = employerName(employer)
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    const problem = reasonError(reason)
    if (problem) return setError(problem)
    setError(null)
    review.mutate(
      { id: employer.id, action, reason },
      {
        onSuccess: () => {
          push({
            kind: 'success',
            title: suspend ? 'Employer suspended' : 'Employer rejected',
            message: suspend ? `${name} has been signed out and their jobs are off the board.` : `We have emailed ${name} your reason.`,
          })
          onClose()
        },
        onError: (err) => setError(serverMessageOr(err, 'Please try again.')),
      },
    )
  }
  return (
    <Modal title={suspend ? `Suspend ${name}?` : `Reject ${name}?`} onClose={onClose}>
      <form onSubmit={submit} noValidate className="adm-stack-sm">
        {suspend ? (
          <div className="alert alert-info">
            Suspending signs {name} out straight away, on every device. They cannot sign in again and their jobs leave the board until you reinstate them.
          </div>
        ) : (
          <p className="ws-muted">They will not be able to sign in. We email them the reason below, so write it for them to read.</p>
        )}
        <Field label="Reason" hint={`Sent to ${employer.email}. Up to ${REASON_MAX.toLocaleString('en-AU')} characters.`} error={error}>
          {(p) => <textarea {...p} value={reason} maxLength={REASON_MAX} aria-required="true" onChange={(e) => setReason(e.target.value)} />}
        </Field>
        <ModalFormActions onCancel={onClose} submitLabel={suspend ? 'Suspend and sign out' : 'Reject employer'} danger busy={review.isPending} />
      </form>
    </Modal>
  )
}
