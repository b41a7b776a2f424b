/**
 * The last step of erasing your own account: your password, then the erase. A refusal about the
 * password shows beside the field, anything else above it. Once erased, the toast says so and the
 * tab signs out (home for a candidate, the sign-in page for an employer).
 */
import { useState, type FormEvent } from 'react'
import { ErrorAlert } from '../../../components/ui/Alert'
import { Field } from '../../../components/ui/Field'
import { Modal, ModalFormActions } from '../../../components/ui/Modal'
import { useToast } from '../../../components/ui/toast'
import { serverMessageOr } from '../../../lib/server-message'
import { useSignOutAfterErasure } from '../../auth'
import type { AccountRole } from '../api/account'
import { useEraseAccount } from '../api/erase-account'
import { ERASE_FAILED, ERASE_PASSWORD_REQUIRED, ERASED_TOAST, erasePasswordError, isPasswordRefusal } from '../model/erasure'

export function EraseAccountDialog({ role, onClose }: { role: AccountRole; onClose: () => void }) {
  const erase = useEraseAccount()
  const signOut = useSignOutAfterErasure(role)
  const { push } = useToast()
  const [password, setPassword] = useState('')
  const [fieldError, setFieldError] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const busy = erase.isPending

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setFailure(null)
    const problem = erasePasswordError(password)
    setFieldError(problem)
    if (problem) return
    try {
      await erase.mutateAsync({ role, password })
    } catch (err) {
      setPassword('')
      if (isPasswordRefusal(err)) setFieldError(serverMessageOr(err, ERASE_PASSWORD_REQUIRED))
      else setFailure(serverMessageOr(err, ERASE_FAILED))
      return
    }
    push({ kind: 'success', title: ERASED_TOAST, message: 'Your personal data is gone and you’ve been signed out. Thank you for using Harbour IT Recruitment.' })
    await signOut()
  }

  // while the erase is on its way the dialog stays: closing it would not stop it
  return (
    <Modal title="Erase your account?" onClose={busy ? () => {} : onClose}>
      <form onSubmit={submit} noValidate className="pv-form">
        <p>
          This erases your personal data for good and signs you out on every device. <strong>It can’t be undone.</strong>
        </p>
        <ErrorAlert message={failure} />
        <Field label="Your password" hint="To confirm it’s really you." error={fieldError}>
          {(p) => (
            <input
              {...p}
              className="input"
              type="password"
              autoComplete="current-password"
              aria-required="true"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <ModalFormActions onCancel={onClose} cancelLabel="Keep my account" cancelDisabled={busy} submitLabel={busy ? 'Erasing…' : 'Erase my account'} danger icon="trash" busy={busy} />
      </form>
    </Modal>
  )
}
