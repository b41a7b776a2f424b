/**
 * /login on the admin and employer hosts: the shared session login (SPEC 2.2, 4, 8). An admin with
 * two-factor sign-in on then gets the code step in the same card (TwoFactorStep). Signing in lands
 * on /dashboard, or on the dashboard page the guard sent the person here from (`?to=`,
 * lib/return-to).
 */
import { useState, type FormEvent } from 'react'
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router'
import { returnPath, SIGNED_IN_HOME } from '../../../lib/return-to'
import { useStaffLogin } from '../api/login'
import { useSession } from '../hooks/useSession'
import { useSessionNotice } from '../hooks/useSessionNotice'
import { registeredEmail } from '../registeredEmail'
import { AuthCard, FormAlert } from './AuthCard'
import { CredentialsFields } from './CredentialsFields'
import { TwoFactorStep } from './TwoFactorStep'

export function StaffLoginPage({ role }: { role: 'admin' | 'employer' }) {
  const session = useSession(role)
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const landing = returnPath(role, params) ?? SIGNED_IN_HOME[role]
  // e.g. 'Session expired' after the employer session timer logged the user out, or the server
  // ended the session the workspace was using
  const { notice, email: endedEmail } = useSessionNotice(role)
  const login = useStaffLogin(role)
  // the employer's "Back to sign in" after registering brings the address (router state)
  const { state } = useLocation()
  // (or a session that ended without signing out leaves its email)
  const [email, setEmail] = useState(() => registeredEmail(state) || endedEmail)
  const [password, setPassword] = useState('')
  const [failure, setFailure] = useState<string | null>(null)
  // set when the password was right and an admin's two-factor code comes next
  const [challenge, setChallenge] = useState<string | null>(null)

  if (session.status === 'authenticated') return <Navigate to={landing} replace />

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setFailure(null)
    const result = await login.mutateAsync({ email: email.trim(), password })
    if (result.success) {
      navigate(landing, { replace: true })
      return
    }
    setPassword('')
    if ('twoFactorRequired' in result) {
      setChallenge(result.challenge)
      return
    }
    setFailure(result.message)
  }

  const title = role === 'admin' ? 'Admin Sign In' : 'Employer Sign In'
  const subtitle = role === 'admin' ? 'Harbour IT Recruitment administration' : 'Sign in to manage your job listings'

  if (role === 'admin' && challenge) {
    return (
      <AuthCard title={title} subtitle={subtitle}>
        <TwoFactorStep
          challenge={challenge}
          onSignedIn={() => navigate(landing, { replace: true })}
          onStartAgain={(message) => {
            setChallenge(null)
            setFailure(message)
          }}
        />
      </AuthCard>
    )
  }

  return (
    <AuthCard title={title} subtitle={subtitle}>
      <form onSubmit={submit} noValidate className="auth-form">
        {failure ? <FormAlert kind="error">{failure}</FormAlert> : notice ? <FormAlert kind="error">{notice}</FormAlert> : null}
        <CredentialsFields email={email} password={password} onEmail={setEmail} onPassword={setPassword} pending={login.isPending} />
      </form>
      <p className="auth-switch">
        {role === 'employer' ? 'New to Harbour IT Recruitment? ' : 'Need an account? '}
        <Link to="/signup">{role === 'employer' ? 'Register your company' : 'How admin accounts are created'}</Link>
      </p>
    </AuthCard>
  )
}
