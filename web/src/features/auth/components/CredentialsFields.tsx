/**
 * The body of every sign-in form (candidate and staff): email, password, the forgot-password link
 * and the Sign In button, which stays disabled until both fields hold something.
 */
import { Link } from 'react-router'
import { Button } from '../../../components/ui/Button'
import { Field } from '../../../components/ui/Field'
import type { FieldErrors } from '../validation'
import { PasswordInput } from './PasswordInput'

type Props = {
  email: string
  password: string
  onEmail: (value: string) => void
  onPassword: (value: string) => void
  errors?: FieldErrors<'email' | 'password'>
  pending: boolean
  /** the email came filled in (a sign-up just now): the password is next */
  focusPassword?: boolean
}

export function CredentialsFields({ email, password, onEmail, onPassword, errors = {}, pending, focusPassword }: Props) {
  return (
    <>
      <Field label="Email" error={errors.email}>
        {(control) => <input {...control} className="input" type="email" autoComplete="email" value={email} onChange={(e) => onEmail(e.target.value)} />}
      </Field>
      <PasswordInput label="Password" autoComplete="current-password" value={password} onChange={onPassword} error={errors.password} autoFocus={focusPassword} />
      <div className="auth-row">
        <Link to="/forgot-password">Forgot password?</Link>
      </div>
      <Button type="submit" disabled={!email || !password} busy={pending}>
        {pending ? 'Signing in...' : 'Sign In'}
      </Button>
    </>
  )
}
