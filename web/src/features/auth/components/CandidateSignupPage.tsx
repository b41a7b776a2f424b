/** /candidate/signup (SPEC 2.5, 5, 8). */
import { Link, useNavigate, useSearchParams } from 'react-router'
import { CANDIDATE_LOGIN_PATH, jobIntent, withJobIntent } from '../../../lib/apply-intent'
import { useRegisterCandidate } from '../api/register'
import { ApplyingFor } from './ApplyingFor'
import { AuthCard } from './AuthCard'
import { RegistrationForm } from './RegistrationForm'

export const REGISTER_SUCCESS = 'Registration successful! Please log in.'

export function CandidateSignupPage() {
  const navigate = useNavigate()
  const register = useRegisterCandidate()
  // the job Apply Now (or Save) brought goes on to the login, which opens its apply dialog (or saves it)
  const intent = jobIntent(useSearchParams()[0])
  const login = withJobIntent(CANDIDATE_LOGIN_PATH, intent)

  return (
    <AuthCard title="Start Your Journey" pageTitle="Create a Candidate Account" subtitle="Create your candidate account">
      {intent ? <ApplyingFor jobId={intent.jobId} action="sign up" intent={intent.kind} /> : null}
      <RegistrationForm
        submitLabel="Create Account"
        pendingLabel="Creating account..."
        pending={register.isPending}
        send={async (payload) => {
          await register.mutateAsync(payload)
          window.alert(REGISTER_SUCCESS)
          navigate(login)
        }}
      />
      <p className="auth-switch">
        Already have an account? <Link to={login}>Sign in</Link>
      </p>
    </AuthCard>
  )
}
