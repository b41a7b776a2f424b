/**
 * The sign-up form candidates and employers share (SPEC 5, 8): full name, the company (employers
 * only), email, password and an optional phone. The fields are checked by registerErrors before
 * `send` runs; a refusal from the server is shown above the fields.
 */
import { useState, type FormEvent } from 'react'
import { Button } from '../../../components/ui/Button'
import { Field } from '../../../components/ui/Field'
import { serverMessageOr } from '../../../lib/server-message'
import { REGISTER_FAILED, type CandidateRegisterPayload, type EmployerRegisterPayload } from '../api/register'
import { registerErrors, type FieldErrors } from '../validation'
import { FormAlert } from './AuthCard'
import { PasswordInput } from './PasswordInput'

type Props = { submitLabel: string; pendingLabel: string; pending: boolean } & (
  | { withCompany: true; send: (payload: EmployerRegisterPayload) => Promise<void> }
  | { withCompany?: false; send: (payload: CandidateRegisterPayload) => Promise<void> }
)

type Form = { name: string; company: string; email: string; password: string; phone: string }
type TextKey = Exclude<keyof Form, 'password'>

export function RegistrationForm(props: Props) {
  const { submitLabel, pendingLabel, pending } = props
  const [form, setForm] = useState<Form>({ name: '', company: '', email: '', password: '', phone: '' })
  const [errors, setErrors] = useState<FieldErrors<'name' | 'email' | 'password' | 'company'>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const set = (key: keyof Form) => (value: string) => setForm((f) => ({ ...f, [key]: value }))

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setFailure(null)
    // a candidate has no company, so registerErrors must not ask for one
    const found = registerErrors({ ...form, company: props.withCompany ? form.company : undefined })
    setErrors(found)
    if (Object.keys(found).length > 0) return
    const person = {
      name: form.name.trim(),
      email: form.email.trim(),
      password: form.password,
      ...(form.phone.trim() ? { phone: form.phone.trim() } : {}),
    }
    try {
      if (props.withCompany) await props.send({ ...person, company: form.company.trim() })
      else await props.send(person)
    } catch (err) {
      setFailure(serverMessageOr(err, REGISTER_FAILED))
    }
  }

  const text = (key: TextKey, label: string, opts: { type?: 'email' | 'tel'; autoComplete: string; required?: boolean }) => (
    <Field label={label} error={key === 'phone' ? null : errors[key]}>
      {(control) => (
        <input
          {...control}
          className="input"
          type={opts.type ?? 'text'}
          autoComplete={opts.autoComplete}
          aria-required={opts.required || undefined}
          value={form[key]}
          onChange={(e) => set(key)(e.target.value)}
        />
      )}
    </Field>
  )

  return (
    <form onSubmit={submit} noValidate className="auth-form">
      {failure ? <FormAlert kind="error">{failure}</FormAlert> : null}
      {text('name', 'Full Name', { autoComplete: 'name', required: true })}
      {props.withCompany ? text('company', 'Company', { autoComplete: 'organization', required: true }) : null}
      {text('email', 'Email Address', { type: 'email', autoComplete: 'email', required: true })}
      <PasswordInput label="Password" autoComplete="new-password" value={form.password} onChange={set('password')} error={errors.password} />
      {text('phone', 'Phone Number (optional)', { type: 'tel', autoComplete: 'tel' })}
      <Button type="submit" busy={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </form>
  )
}
