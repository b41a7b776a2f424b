/** /candidate/login (SPEC 2.5, 4, 5, 8). */
import { useState, type FormEvent } from 'react'
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router'
import { CANDIDATE_SIGNUP_PATH } from '../../../lib/apply-intent'
import { useLogin } from '../api/login'
import { useSession } from '../hooks/useSession'
import { useSessionNotice } from '../hooks/useSessionNotice'
import { registeredEmail } from '../registeredEmail'
import { candidateDestination, candidateLanding, withCandidateDestination } from '../signInJourney'
import { loginErrors, type FieldErrors } from '../validation'
import { ApplyingFor, SavingSearch } from './ApplyingFor'
import { AuthCard, FormAlert } from './AuthCard'
import { CredentialsFields } from './CredentialsFields'

export const CANDIDATE_LOGIN_FALLBACK = 'Invalid email or password'
export const CANDIDATE_LOGIN_NETWORK = 'Login failed. Please try again.'

export function CandidateLoginPage() {
  const session = useSession('candidate')
  const navigate = useNavigate()
  // where the candidate was going: a job to apply for or save, a search to save, or a portal page
  // (signInJourney); signing in goes on there
  const [params] = useSearchParams()
  const destination = candidateDestination(params)
  const landing = candidateLanding(destination)
  // e.g. the server ended the session the portal was using: say so, once
  const ended = useSessionNotice('candidate')
  const notice = ended.notice
  const login = useLogin('candidate')
  // a sign-up just now leaves its email (in router state, never the address): only the password to type
  const { state } = useLocation()
  const [registered] = useState(() => registeredEmail(state))
  // a session that ended without signing out leaves its email too
  const [prefilled] = useState(() => registered || ended.email)
  const [email, setEmail] = useState(prefilled)
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({})
  const [failure, setFailure] = useState<string | null>(null)

  if (session.status === 'authenticated') return <Navigate to={landing} replace />

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setFailure(null)
    const found = loginErrors(email, password)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    const result = await login.mutateAsync({ email: email.trim(), password })
    if (result.success) {
      navigate(landing, { replace: true })
      return
    }
    setFailure(result.network ? CANDIDATE_LOGIN_NETWORK : (result.serverMessage ?? CANDIDATE_LOGIN_FALLBACK))
    setPassword('')
  }

  return (
    <AuthCard title="Welcome Back" pageTitle="Candidate Sign In" subtitle="Sign in to your candidate account">
      {notice && !failure ? (
        <p className="alert alert-info auth-notice" role="status">
          {notice}
        </p>
      ) : null}
      {destination?.kind === 'job' ? <ApplyingFor jobId={destination.intent.jobId} action="sign in" intent={destination.intent.kind} /> : null}
      {destination?.kind === 'search' ? <SavingSearch action="sign in" /> : null}
      <form onSubmit={submit} noValidate className="auth-form">
        {failure ? <FormAlert kind="error">{failure}</FormAlert> : null}
        <CredentialsFields email={email} password={password} onEmail={setEmail} onPassword={setPassword} errors={errors} pending={login.isPending} focusPassword={prefilled !== ''} />
      </form>
      <p className="auth-switch">
        Don't have an account? <Link to={withCandidateDestination(CANDIDATE_SIGNUP_PATH, destination)}>Sign up</Link>
      </p>
    </AuthCard>
  )
}
