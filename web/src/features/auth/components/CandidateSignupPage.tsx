/** /candidate/signup (SPEC 2.5, 5, 8). */
import { Link, useNavigate, useSearchParams } from 'react-router'
import { applyJobId, CANDIDATE_LOGIN_PATH, withApplyJob } from '../../../lib/apply-intent'
import { useRegisterCandidate } from '../api/register'
import { ApplyingFor } from './ApplyingFor'
import { AuthCard } from './AuthCard'
import { RegistrationForm } from './RegistrationForm'

export const REGISTER_SUCCESS = 'Registration successful! Please log in.'

export function CandidateSignupPage() {
  const navigate = useNavigate()
  const register = useRegisterCandidate()
  // the job Apply Now brought goes on to the login, which opens its apply dialog
  const applyFor = applyJobId(useSearchParams()[0])
  const login = withApplyJob(CANDIDATE_LOGIN_PATH, applyFor)

  return (
    <AuthCard title="Start Your Journey" pageTitle="Create a Candidate Account" subtitle="Create your candidate account">
      {applyFor ? <ApplyingFor jobId={applyFor} action="sign up" /> : null}
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
