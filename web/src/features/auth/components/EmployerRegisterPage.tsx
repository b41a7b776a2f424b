/**
 * /signup and /register on the employer host: a new employer account waits for approval. The page
 * then says so rather than going to the sign-in page (which would refuse them until approved); its
 * link there brings the address just registered along, in router state.
 */
import { useState } from 'react'
import { Link } from 'react-router'
import { useRegisterEmployer } from '../api/register'
import { signInState } from '../registeredEmail'
import { AuthCard, FormAlert } from './AuthCard'
import { RegistrationForm } from './RegistrationForm'

export const EMPLOYER_PENDING_TEXT =
  'Thank you for registering. Your employer account is awaiting approval by our team. We will email you as soon as it is approved, and you can then sign in.'

export function EmployerRegisterPage() {
  const register = useRegisterEmployer()
  // the address registered with, once the registration is in
  const [done, setDone] = useState<string | null>(null)

  if (done !== null) {
    return (
      <AuthCard title="Registration received">
        <FormAlert kind="success">{EMPLOYER_PENDING_TEXT}</FormAlert>
        <p className="auth-switch">
          <Link to="/login" state={signInState(done)}>
            Back to sign in
          </Link>
        </p>
      </AuthCard>
    )
  }

  return (
    <AuthCard title="Register as an Employer" subtitle="Create an account to post roles with Harbour IT Recruitment">
      <RegistrationForm
        withCompany
        submitLabel="Register"
        pendingLabel="Submitting..."
        pending={register.isPending}
        send={async (payload) => {
          await register.mutateAsync(payload)
          setDone(payload.email)
        }}
      />
      <p className="auth-switch">
        Already registered? <Link to="/login">Sign in</Link>
      </p>
    </AuthCard>
  )
}
