/** /candidate/signup (SPEC 2.5, 5, 8). */
import { Link, useNavigate, useSearchParams } from 'react-router'
import { CANDIDATE_LOGIN_PATH, jobIntent, withJobIntent } from '../../../lib/apply-intent'
import { savedSearchFrom, withSavedSearch } from '../../alerts'
import { useRegisterCandidate } from '../api/register'
import { ApplyingFor, SavingSearch } from './ApplyingFor'
import { AuthCard } from './AuthCard'
import { RegistrationForm } from './RegistrationForm'

export const REGISTER_SUCCESS = 'Registration successful! Please log in.'

export function CandidateSignupPage() {
  const navigate = useNavigate()
  const register = useRegisterCandidate()
  // the job Apply Now (or Save) brought goes on to the login, which opens its apply dialog (or saves it)
  const [params] = useSearchParams()
  const intent = jobIntent(params)
  // so does the search a signed-out "Save this search" brings
  const saveSearch = intent ? null : savedSearchFrom(params)
  const login = saveSearch ? withSavedSearch(CANDIDATE_LOGIN_PATH, saveSearch) : withJobIntent(CANDIDATE_LOGIN_PATH, intent)

  return (
    <AuthCard title="Start Your Journey" pageTitle="Create a Candidate Account" subtitle="Create your candidate account">
      {intent ? <ApplyingFor jobId={intent.jobId} action="sign up" intent={intent.kind} /> : null}
      {saveSearch ? <SavingSearch action="sign up" /> : null}
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
