/**
 * /login on the admin and employer hosts: the shared session login (SPEC 2.2, 4, 8). An admin with
 * two-factor sign-in on then gets the code step in the same card (TwoFactorStep).
 */
import { useEffect, useState, type FormEvent } from 'react'
import { Link, Navigate, useNavigate } from 'react-router'
import { useStaffLogin } from '../api/login'
import { useSession } from '../hooks/useSession'
import { LOGOUT_NOTICE_KEY } from '../logout'
import { AuthCard, FormAlert } from './AuthCard'
import { CredentialsFields } from './CredentialsFields'
import { TwoFactorStep } from './TwoFactorStep'

export function StaffLoginPage({ role }: { role: 'admin' | 'employer' }) {
  const session = useSession(role)
  const navigate = useNavigate()
  // e.g. 'Session expired' after the employer session timer logged the user out
  const [notice] = useState(() => sessionStorage.getItem(LOGOUT_NOTICE_KEY))
  useEffect(() => sessionStorage.removeItem(LOGOUT_NOTICE_KEY), [])
  const login = useStaffLogin(role)
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [failure, setFailure] = useState<string | null>(null)
  // set when the password was right and an admin's two-factor code comes next
  const [challenge, setChallenge] = useState<string | null>(null)

  if (session.status === 'authenticated') return <Navigate to="/dashboard" replace />

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setFailure(null)
    const result = await login.mutateAsync({ email: email.trim(), password })
    if (result.success) {
      navigate('/dashboard', { replace: true })
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
          onSignedIn={() => navigate('/dashboard', { replace: true })}
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
