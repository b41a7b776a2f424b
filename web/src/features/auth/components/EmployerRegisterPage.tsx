/** /signup and /register on the employer host: a new employer account waits for approval. */
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { serverMessageOr } from '../../../lib/server-message'
import { REGISTER_FAILED, useRegisterEmployer } from '../api/register'
import { registerErrors, type FieldErrors } from '../validation'
import { AuthCard, FormAlert } from './AuthCard'
import { PasswordInput } from './PasswordInput'
import { TextField } from './TextField'

export const EMPLOYER_PENDING_TEXT =
  'Thank you for registering. Your employer account is awaiting approval by our team. We will email you as soon as it is approved, and you can then sign in.'

export function EmployerRegisterPage() {
  const register = useRegisterEmployer()
  const [form, setForm] = useState({ name: '', company: '', email: '', password: '', phone: '' })
  const [errors, setErrors] = useState<FieldErrors<'name' | 'email' | 'password' | 'company'>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [done, setDone] = useState(false)
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }))

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setFailure(null)
    const found = registerErrors(form)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    try {
      await register.mutateAsync({
        name: form.name.trim(),
        company: form.company.trim(),
        email: form.email.trim(),
        password: form.password,
        ...(form.phone.trim() ? { phone: form.phone.trim() } : {}),
      })
      setDone(true)
    } catch (err) {
      setFailure(serverMessageOr(err, REGISTER_FAILED))
    }
  }

  if (done) {
    return (
      <AuthCard title="Registration received">
        <FormAlert kind="success">{EMPLOYER_PENDING_TEXT}</FormAlert>
        <p className="auth-switch">
          <Link to="/login">Back to sign in</Link>
        </p>
      </AuthCard>
    )
  }

  return (
    <AuthCard title="Register as an Employer" subtitle="Create an account to post roles with Harbour IT Recruitment">
      <form onSubmit={submit} noValidate className="auth-form">
        {failure ? <FormAlert kind="error">{failure}</FormAlert> : null}
        <TextField label="Full Name" autoComplete="name" value={form.name} onChange={set('name')} error={errors.name} required />
        <TextField label="Company" autoComplete="organization" value={form.company} onChange={set('company')} error={errors.company} required />
        <TextField label="Email Address" type="email" autoComplete="email" value={form.email} onChange={set('email')} error={errors.email} required />
        <PasswordInput label="Password" autoComplete="new-password" value={form.password} onChange={set('password')} error={errors.password} />
        <TextField label="Phone Number (optional)" type="tel" autoComplete="tel" value={form.phone} onChange={set('phone')} />
        <button type="submit" className="auth-submit" disabled={register.isPending}>
          {register.isPending ? 'Submitting...' : 'Register'}
        </button>
      </form>
      <p className="auth-switch">
        Already registered? <Link to="/login">Sign in</Link>
      </p>
    </AuthCard>
  )
}
