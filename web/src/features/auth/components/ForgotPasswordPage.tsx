/** /forgot-password for every role (SPEC 2.5, 5, 8). */
import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import type { Role } from '../../../lib/session'
import { serverMessageOr } from '../../../lib/server-message'
import { FORGOT_EMAIL_REQUIRED, FORGOT_FAILED, FORGOT_NEUTRAL_TEXT, useForgotPassword } from '../api/forgot-password'
import { Button } from '../../../components/ui/Button'
import { Field } from '../../../components/ui/Field'
import { AuthCard, FormAlert } from './AuthCard'

export function ForgotPasswordPage({ role }: { role: Role }) {
  const navigate = useNavigate()
  const forgot = useForgotPassword(role)
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [success, setSuccess] = useState<string | null>(null)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setError(null)
    setSuccess(null)
    if (!email.trim()) {
      setError(FORGOT_EMAIL_REQUIRED)
      return
    }
    try {
      const data = await forgot.mutateAsync(email.trim())
      setSuccess(data?.message ?? FORGOT_NEUTRAL_TEXT)
    } catch (err) {
      setError(serverMessageOr(err, FORGOT_FAILED))
    }
  }

  return (
    <AuthCard title="Forgot Password" subtitle="Enter your email and we will send you a reset link">
      <form onSubmit={submit} noValidate className="auth-form">
        {error ? <FormAlert kind="error">{error}</FormAlert> : null}
        {success ? <FormAlert kind="success">{success}</FormAlert> : null}
        <Field label="Email">
          {(control) => <input {...control} className="input" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
        </Field>
        <Button type="submit" busy={forgot.isPending}>
          {forgot.isPending ? 'Sending...' : 'Send Reset Link'}
        </Button>
        <Button variant="ghost" onClick={() => navigate(-1)}>
          Back to Login
        </Button>
      </form>
    </AuthCard>
  )
}
