/** /candidate/signup (SPEC 2.5, 5, 8). */
import { Link, useNavigate, useSearchParams } from 'react-router'
import { CANDIDATE_LOGIN_PATH } from '../../../lib/apply-intent'
import { useRegisterCandidate } from '../api/register'
import { signInState } from '../registeredEmail'
import { candidateDestination, withCandidateDestination } from '../signInJourney'
import { ApplyingFor, SavingSearch } from './ApplyingFor'
import { AuthCard } from './AuthCard'
import { RegistrationForm } from './RegistrationForm'

export const REGISTER_SUCCESS = 'Registration successful! Please log in.'

export function CandidateSignupPage() {
  const navigate = useNavigate()
  const register = useRegisterCandidate()
  // where the candidate was going (a job to apply for or save, a search to save, a portal page)
  // goes on to the login, which takes them there after signing in
  const [params] = useSearchParams()
  const destination = candidateDestination(params)
  const login = withCandidateDestination(CANDIDATE_LOGIN_PATH, destination)

  return (
    <AuthCard title="Start Your Journey" pageTitle="Create a Candidate Account" subtitle="Create your candidate account">
      {destination?.kind === 'job' ? <ApplyingFor jobId={destination.intent.jobId} action="sign up" intent={destination.intent.kind} /> : null}
      {destination?.kind === 'search' ? <SavingSearch action="sign up" /> : null}
      <RegistrationForm
        submitLabel="Create Account"
        pendingLabel="Creating account..."
        pending={register.isPending}
        send={async (payload) => {
          await register.mutateAsync(payload)
          window.alert(REGISTER_SUCCESS)
          // the login form starts with the address just registered
          navigate(login, { state: signInState(payload.email) })
        }}
      />
      <p className="auth-switch">
        Already have an account? <Link to={login}>Sign in</Link>
      </p>
    </AuthCard>
  )
}
