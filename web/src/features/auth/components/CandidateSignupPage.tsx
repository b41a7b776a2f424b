/** /candidate/signup (SPEC 2.5, 5, 8). */
import { useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { serverMessageOr } from '../../../lib/server-message'
import { REGISTER_FAILED, useRegisterCandidate } from '../api/register'
import { registerErrors, type FieldErrors } from '../validation'
import { AuthCard, FormAlert } from './AuthCard'
import { PasswordInput } from './PasswordInput'
import { TextField } from './TextField'

export const REGISTER_SUCCESS = 'Registration successful! Please log in.'

export function CandidateSignupPage() {
  const navigate = useNavigate()
  const register = useRegisterCandidate()
  const [form, setForm] = useState({ name: '', email: '', password: '', phone: '' })
  const [errors, setErrors] = useState<FieldErrors<'name' | 'email' | 'password' | 'company'>>({})
  const [failure, setFailure] = useState<string | null>(null)
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
        email: form.email.trim(),
        password: form.password,
        ...(form.phone.trim() ? { phone: form.phone.trim() } : {}),
      })
      window.alert(REGISTER_SUCCESS)
      navigate('/candidate/login')
    } catch (err) {
      setFailure(serverMessageOr(err, REGISTER_FAILED))
    }
  }

  return (
    <AuthCard title="Start Your Journey" pageTitle="Create a Candidate Account" subtitle="Create your candidate account">
      <form onSubmit={submit} noValidate className="auth-form">
        {failure ? <FormAlert kind="error">{failure}</FormAlert> : null}
        <TextField label="Full Name" autoComplete="name" value={form.name} onChange={set('name')} error={errors.name} required />
        <TextField label="Email Address" type="email" autoComplete="email" value={form.email} onChange={set('email')} error={errors.email} required />
        <PasswordInput label="Password" autoComplete="new-password" value={form.password} onChange={set('password')} error={errors.password} />
        <TextField label="Phone Number (optional)" type="tel" autoComplete="tel" value={form.phone} onChange={set('phone')} />
        <button type="submit" className="auth-submit" disabled={register.isPending}>
          {register.isPending ? 'Creating account...' : 'Create Account'}
        </button>
      </form>
      <p className="auth-switch">
        Already have an account? <Link to="/candidate/login">Sign in</Link>
      </p>
    </AuthCard>
  )
}
