/**
 * "Change your password" where each role manages its account (issue 26): the candidate's Privacy
 * tab, the employer's Privacy page and the admin's Admins screen. The current password, then the
 * new one twice (the reset rule is checked here; the server also refuses common passwords). A
 * change signs the account out everywhere else; this tab carries on with the new token.
 */
import { useId, useState, type FormEvent } from 'react'
import { ErrorAlert } from '../../../components/ui/Alert'
import { Button } from '../../../components/ui/Button'
import { Card } from '../../../components/ui/Card'
import { ApiError } from '../../../lib/api'
import { serverMessageOr } from '../../../lib/server-message'
import type { Role } from '../../../lib/session'
import { PASSWORD_CHANGED, useChangePassword } from '../api/change-password'
import { changePasswordErrors, type ChangePasswordForm, type FieldErrors } from '../validation'
import { PasswordInput } from './PasswordInput'

export const CHANGE_FAILED = 'Your password was not changed. Please try again.'
const NEW_PASSWORD_HINT = 'At least 8 characters, with an uppercase letter and a special character such as ! or ?.'

const EMPTY: ChangePasswordForm = { current: '', next: '', confirm: '' }

/** Which field a refusal is about: the current password's, else the new one's; anything else (429, no network) goes above the form. */
function fieldOf(err: unknown): keyof ChangePasswordForm | null {
  if (!(err instanceof ApiError) || err.status !== 422) return null
  return /current password/i.test(err.message) ? 'current' : 'next'
}

type Props = {
  role: Role
  headingLevel?: 2 | 3
  /** the heading's look where the card sits among others (the Privacy screens' cards have their own) */
  titleClassName?: string
}

export function ChangePasswordCard({ role, headingLevel = 2, titleClassName = 'ws-section-title' }: Props) {
  const headingId = useId()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const change = useChangePassword(role)
  const [form, setForm] = useState<ChangePasswordForm>(EMPTY)
  const [errors, setErrors] = useState<FieldErrors<keyof ChangePasswordForm>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const set = (k: keyof ChangePasswordForm) => (value: string) => setForm((f) => ({ ...f, [k]: value }))

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setFailure(null)
    setDone(null)
    const found = changePasswordErrors(form)
    setErrors(found)
    if (Object.keys(found).length) return
    change.mutate(
      { currentPassword: form.current, newPassword: form.next },
      {
        onSuccess: (reply) => {
          setForm(EMPTY)
          setDone(reply?.message || PASSWORD_CHANGED)
        },
        onError: (err) => {
          const message = serverMessageOr(err, CHANGE_FAILED)
          const field = fieldOf(err)
          if (field) setErrors({ [field]: message })
          else setFailure(message)
        },
      },
    )
  }

  return (
    <Card as="section" className="auth-change" aria-labelledby={headingId}>
      <Heading id={headingId} className={titleClassName}>
        Change your password
      </Heading>
      <p className="ws-muted">Changing it signs you out on your other devices. You stay signed in here.</p>
      <form onSubmit={submit} noValidate className="auth-change-form">
        <ErrorAlert message={failure} />
        {done ? (
          <div className="alert alert-success" role="status">
            {done}
          </div>
        ) : null}
        <PasswordInput label="Current password" name="current-password" autoComplete="current-password" value={form.current} onChange={set('current')} error={errors.current} />
        <PasswordInput
          label="New password"
          name="new-password"
          autoComplete="new-password"
          value={form.next}
          onChange={set('next')}
          error={errors.next}
          hint={NEW_PASSWORD_HINT}
        />
        <PasswordInput label="Confirm new password" name="confirm-password" autoComplete="new-password" value={form.confirm} onChange={set('confirm')} error={errors.confirm} />
        <div className="ws-actions">
          <Button type="submit" icon="lock" busy={change.isPending}>
            {change.isPending ? 'Changing…' : 'Change password'}
          </Button>
        </div>
      </form>
    </Card>
  )
}
