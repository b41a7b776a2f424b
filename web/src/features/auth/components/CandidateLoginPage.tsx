/** /candidate/login (SPEC 2.5, 4, 5, 8). */
import { useState, type FormEvent } from 'react'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router'
import { CANDIDATE_SIGNUP_PATH, jobIntent, PORTAL_JOBS_PATH, withJobIntent } from '../../../lib/apply-intent'
import { MANAGE_ALERTS_PATH, returnsToAlerts, savedSearchFrom, saveSearchLanding, withSavedSearch } from '../../alerts'
import { useLogin } from '../api/login'
import { useSession } from '../hooks/useSession'
import { loginErrors, type FieldErrors } from '../validation'
import { ApplyingFor, SavingSearch } from './ApplyingFor'
import { AuthCard, FormAlert } from './AuthCard'
import { CredentialsFields } from './CredentialsFields'

export const CANDIDATE_LOGIN_FALLBACK = 'Invalid email or password'
export const CANDIDATE_LOGIN_NETWORK = 'Login failed. Please try again.'

export function CandidateLoginPage() {
  const session = useSession('candidate')
  const navigate = useNavigate()
  // Apply Now (or Save) on a job brings its id: after signing in, that job's apply dialog opens (or it is saved)
  const [params] = useSearchParams()
  const intent = jobIntent(params)
  // "Save this search" brings the board's search: after signing in, the board opens its dialog
  const saveSearch = intent ? null : savedSearchFrom(params)
  // An alert mail's unsubscribe page (or the Job Alerts tab, signed out) asks to come back to the alerts
  const landing = intent
    ? withJobIntent(PORTAL_JOBS_PATH, intent)
    : saveSearch
      ? saveSearchLanding(saveSearch)
      : returnsToAlerts(params)
        ? MANAGE_ALERTS_PATH
        : '/candidate/dashboard'
  const login = useLogin('candidate')
  const [email, setEmail] = useState('')
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
      {intent ? <ApplyingFor jobId={intent.jobId} action="sign in" intent={intent.kind} /> : null}
      {saveSearch ? <SavingSearch action="sign in" /> : null}
      <form onSubmit={submit} noValidate className="auth-form">
        {failure ? <FormAlert kind="error">{failure}</FormAlert> : null}
        <CredentialsFields email={email} password={password} onEmail={setEmail} onPassword={setPassword} errors={errors} pending={login.isPending} />
      </form>
      <p className="auth-switch">
        Don't have an account? <Link to={saveSearch ? withSavedSearch(CANDIDATE_SIGNUP_PATH, saveSearch) : withJobIntent(CANDIDATE_SIGNUP_PATH, intent)}>Sign up</Link>
      </p>
    </AuthCard>
  )
}
