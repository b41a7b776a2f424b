/**
 * Asks before an application is taken back: which job, that the hiring team sees it, that it is
 * final, and which booked interviews go with it. The reason is optional and read by the employer.
 * A refusal is shown in the dialog, with what was typed kept.
 */
import { useState } from 'react'
import { ErrorAlert } from '../../../components/ui/Alert'
import { Field } from '../../../components/ui/Field'
import { Modal, ModalFormActions } from '../../../components/ui/Modal'
import { serverMessageOr } from '../../../lib/server-message'
import { useWithdrawApplication } from '../api/withdraw-application'
import { WITHDRAW_FAILED, WITHDRAW_FINAL, WITHDRAW_REASON_MAX, withdrawInterviewsNote, withdrawSummary } from '../model/withdraw'
import type { Application } from '../types'

export const WITHDRAW_TITLE = 'Withdraw your application?'
export const WITHDRAW_REASON_LABEL = 'Anything you’d like to tell the hiring team? (optional)'
export const WITHDRAW_REASON_HINT = `The employer will read this with your withdrawal. Up to ${WITHDRAW_REASON_MAX} characters.`

type Props = {
  application: Pick<Application, 'id' | 'job_title' | 'company' | 'interviews'>
  onClose: () => void
  /** after the server has it: the dialog is closed by the caller */
  onWithdrawn: () => void
}

export function WithdrawApplicationModal({ application, onClose, onWithdrawn }: Props) {
  const withdraw = useWithdrawApplication()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  // fixed when the dialog opens: what the candidate reads is what they confirm
  const [interviewsNote] = useState(() => withdrawInterviewsNote(application.interviews))

  return (
    <Modal title={WITHDRAW_TITLE} onClose={onClose}>
      <form
        className="cd-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          setError(null)
          withdraw.mutate(
            { id: application.id, reason },
            { onSuccess: onWithdrawn, onError: (err) => setError(serverMessageOr(err, WITHDRAW_FAILED)) },
          )
        }}
      >
        <p>{withdrawSummary(application)}</p>
        {interviewsNote ? <p>{interviewsNote}</p> : null}
        <p className="cd-muted">{WITHDRAW_FINAL}</p>
        <Field label={WITHDRAW_REASON_LABEL} hint={WITHDRAW_REASON_HINT}>
          {(control) => (
            <textarea {...control} className="input" rows={3} maxLength={WITHDRAW_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} />
          )}
        </Field>
        <ErrorAlert message={error} />
        <ModalFormActions
          onCancel={onClose}
          cancelLabel="Keep application"
          cancelDisabled={withdraw.isPending}
          submitLabel={withdraw.isPending ? 'Withdrawing...' : 'Withdraw'}
          danger
          busy={withdraw.isPending}
        />
      </form>
    </Modal>
  )
}
