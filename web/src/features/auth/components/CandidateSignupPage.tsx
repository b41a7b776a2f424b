/** /candidate/signup (SPEC 2.5, 5, 8). */
import { Link, useNavigate } from 'react-router'
import { useRegisterCandidate } from '../api/register'
import { AuthCard } from './AuthCard'
import { RegistrationForm } from './RegistrationForm'

export const REGISTER_SUCCESS = 'Registration successful! Please log in.'

export function CandidateSignupPage() {
  const navigate = useNavigate()
  const register = useRegisterCandidate()

  return (
    <AuthCard title="Start Your Journey" pageTitle="Create a Candidate Account" subtitle="Create your candidate account">
      <RegistrationForm
        submitLabel="Create Account"
        pendingLabel="Creating account..."
        pending={register.isPending}
        send={async (payload) => {
          await register.mutateAsync(payload)
          window.alert(REGISTER_SUCCESS)
          navigate('/candidate/login')
        }}
      />
      <p className="auth-switch">
        Already have an account? <Link to="/candidate/login">Sign in</Link>
      </p>
    </AuthCard>
  )
}
