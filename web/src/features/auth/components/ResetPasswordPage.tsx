/** /reset-password?token=... for every role (SPEC 2.5, 4, 5, 8). */
import { useState, type FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import { hostFor } from '../../../lib/host'
import { resetPasswordError } from '../../../lib/passwords'
import type { Role } from '../../../lib/session'
import { serverMessageOr } from '../../../lib/server-message'
import { RESET_FAILED, RESET_SUCCESS, useResetPassword } from '../api/reset-password'
import { Button } from '../../../components/ui/Button'
import { AuthCard, FormAlert } from './AuthCard'
import { PasswordInput } from './PasswordInput'

/** The login page of a role, on that role's own host. */
export function loginUrlFor(role: Role, location: { protocol: string; hostname: string; port: string }): string {
  if (role === 'candidate') return `${hostFor('public', location)}/candidate/login`
  return `${hostFor(role, location)}/login`
}

export function ResetPasswordPage({ role }: { role: Role }) {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const reset = useResetPassword(role)
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [error, setError] = useState<string | null>(null)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const problem = resetPasswordError(password, confirm)
    setError(problem)
    if (problem) return
    try {
      await reset.mutateAsync({ token, newPassword: password })
      window.alert(RESET_SUCCESS)
      window.location.href = loginUrlFor(role, window.location)
    } catch (err) {
      setError(serverMessageOr(err, RESET_FAILED))
    }
  }

  return (
    <AuthCard title="Reset Password" subtitle="Choose a new password for your account">
      <form onSubmit={submit} noValidate className="auth-form">
        {error ? <FormAlert kind="error">{error}</FormAlert> : null}
        <PasswordInput label="New Password" autoComplete="new-password" value={password} onChange={setPassword} />
        <PasswordInput label="Confirm Password" autoComplete="new-password" value={confirm} onChange={setConfirm} />
        <Button type="submit" busy={reset.isPending}>
          {reset.isPending ? 'Resetting...' : 'Reset Password'}
        </Button>
      </form>
    </AuthCard>
  )
}
