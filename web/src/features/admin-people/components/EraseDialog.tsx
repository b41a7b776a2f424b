/**
 * An admin erases someone's personal data (issue 12): a candidate or employer account, or the
 * sender of a contact-form message. The grounds are required; the erasure record keeps who erased,
 * when and the grounds, and no free text, because the record is never erased and outlives the
 * person. Erasing needs two-factor sign-in on the admin's own account: the dialog says so
 * before anything is typed when it knows, and shows the server's refusal when it did not. A person
 * erased already is said so, as information, not as a failure.
 */
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { ErrorAlert } from '../../../components/ui/Alert'
import { Button } from '../../../components/ui/Button'
import { Modal, ModalActions, ModalFormActions } from '../../../components/ui/Modal'
import { SelectField } from '../../../components/ui/Select'
import { useToast } from '../../../components/ui/toast'
import { ApiError, hasErrorCode } from '../../../lib/api'
import { serverMessageOr } from '../../../lib/server-message'
import { useTwoFactor } from '../../admin'
import { ENROLMENT_REQUIRED_CODE } from '../../auth'
import { useErasePerson } from '../api/erase-person'
import { ERASE_FAILED, eraseFormErrors, GROUNDS_OPTIONS, GROUNDS_REQUIRED, isTwoFactorRefusal, TWO_FACTOR_NEEDED, type EraseForm, type ErasureTarget } from '../model/erasure'

type Props = {
  target: ErasureTarget
  /** who is erased, as the dialog's title names them: "Sam Lee", "Acme Pty Ltd" */
  name: string
  onClose: () => void
}

type Problem = { kind: 'two-factor'; message: string } | { kind: 'error'; message: string } | { kind: 'already'; message: string }

const WHAT_GOES: Record<ErasureTarget['kind'], string> = {
  person:
    'This erases their personal data: name, contact details, profile, resume and documents, notifications and messages, and signs them out everywhere at once. The non-personal facts stay, such as that an application existed and the dates it changed stage.',
  contact_message: 'This erases the sender’s name, email address, phone number and message. That a message came in, and when, stays.',
}

export function EraseDialog({ target, name, onClose }: Props) {
  const erase = useErasePerson()
  const twoFactor = useTwoFactor()
  const { push } = useToast()
  const [form, setForm] = useState<EraseForm>({ grounds: '' })
  const [errors, setErrors] = useState<{ grounds?: string }>({})
  const [problem, setProblem] = useState<Problem | null>(null)
  const noTwoFactor = twoFactor.data?.enabled === false
  const shown: Problem | null = problem ?? (noTwoFactor ? { kind: 'two-factor', message: TWO_FACTOR_NEEDED } : null)
  const done = problem?.kind === 'already'
  const busy = erase.isPending

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const found = eraseFormErrors(form)
    setErrors(found)
    setProblem(null)
    if (found.grounds || !form.grounds) return
    erase.mutate(
      { target, grounds: form.grounds },
      {
        onSuccess: (receipt) => {
          if (receipt?.status === 'already_erased') {
            setProblem({ kind: 'already', message: receipt.message ?? 'This person was already erased.' })
            return
          }
          push({ kind: 'success', title: `${name} erased`, message: receipt?.message ?? 'Erased. Their personal data is gone; the non-personal facts stay.' })
          onClose()
        },
        onError: (err) => {
          const message = serverMessageOr(err, ERASE_FAILED)
          if (hasErrorCode(err, ENROLMENT_REQUIRED_CODE)) setProblem({ kind: 'two-factor', message: TWO_FACTOR_NEEDED })
          else if (isTwoFactorRefusal(err)) setProblem({ kind: 'two-factor', message })
          else if (err instanceof ApiError && err.status === 422 && message === GROUNDS_REQUIRED) setErrors({ grounds: message })
          else setProblem({ kind: 'error', message })
        },
      },
    )
  }

  return (
    <Modal title={`Erase ${name}?`} onClose={busy ? () => {} : onClose}>
      <form onSubmit={submit} noValidate className="adm-stack-sm">
        <p>
          {WHAT_GOES[target.kind]} <strong>It can’t be undone.</strong>
        </p>
        {shown?.kind === 'two-factor' ? (
          <ErrorAlert
            message={
              <>
                <strong>{shown.message.replace(/\.$/, '')}.</strong> Erasing someone needs two-factor sign-in on your own account.{' '}
                <Link to="/dashboard/admins">Turn it on under Admins</Link>, then come back.
              </>
            }
          />
        ) : shown?.kind === 'already' ? (
          <div className="alert alert-info" role="status">
            {shown.message}
          </div>
        ) : (
          <ErrorAlert message={shown?.message} />
        )}
        {done ? null : (
          <SelectField
            label="Grounds"
            hint="Why this erasure is happening; kept with the erasure record."
            error={errors.grounds}
            aria-required="true"
            placeholder="Choose the grounds"
            options={GROUNDS_OPTIONS}
            value={form.grounds}
            onChange={(e) => setForm({ grounds: e.target.value as EraseForm['grounds'] })}
          />
        )}
        {done ? (
          <ModalActions>
            <Button onClick={onClose}>Close</Button>
          </ModalActions>
        ) : (
          <ModalFormActions
            onCancel={onClose}
            cancelDisabled={busy}
            submitLabel={busy ? 'Erasing…' : 'Erase'}
            danger
            icon="trash"
            busy={busy}
            submitDisabled={shown?.kind === 'two-factor'}
          />
        )}
      </form>
    </Modal>
  )
}
