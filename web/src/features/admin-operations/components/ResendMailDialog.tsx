/**
 * "Send again" on a failed mail asks first: it names who the mail is for and what went wrong, in
 * plain words where we can read the error, so nobody resends to an address that does not exist.
 */
import { useState } from 'react'
import { ErrorAlert } from '../../../components/ui/Alert'
import { Button } from '../../../components/ui/Button'
import { Modal, ModalActions } from '../../../components/ui/Modal'
import { useToast } from '../../../components/ui/toast'
import { serverMessageOr } from '../../../lib/server-message'
import { useResendMail } from '../api/resend-mail'
import { readMailFailure } from '../model/mailFailure'
import type { OutboxMail } from '../types'

export function ResendMailDialog({ mail, onClose }: { mail: OutboxMail; onClose: () => void }) {
  const resend = useResendMail()
  const { push } = useToast()
  const [error, setError] = useState<string | null>(null)
  const reading = readMailFailure(mail.last_error)
  const tries = mail.attempts === 1 ? 'one attempt' : `${mail.attempts} attempts`

  const send = () => {
    setError(null)
    resend.mutate(mail.id, {
      onSuccess: (r) => {
        push({ kind: 'success', title: r?.message ?? 'Queued to send again', message: `To ${mail.recipient}` })
        onClose()
      },
      onError: (err) => setError(serverMessageOr(err, 'It was not sent again. Please try again.')),
    })
  }

  return (
    <Modal title={`Send this mail to ${mail.recipient} again?`} onClose={resend.isPending ? () => {} : onClose}>
      <div className="ops-resend">
        <p>
          “{mail.subject}” to {mail.recipient} was not delivered after {tries}.
        </p>
        {reading ? <p>{reading.summary}</p> : null}
        {mail.last_error ? (
          <p className="ws-small">
            {reading ? 'Details: ' : 'What went wrong: '}
            <code className="adm-error-text">{mail.last_error}</code>
          </p>
        ) : null}
        <ErrorAlert message={error} />
      </div>
      <ModalActions>
        <Button variant="ghost" onClick={onClose} disabled={resend.isPending}>
          Cancel
        </Button>
        <Button icon="reopen" busy={resend.isPending} onClick={send}>
          Send again
        </Button>
      </ModalActions>
    </Modal>
  )
}
