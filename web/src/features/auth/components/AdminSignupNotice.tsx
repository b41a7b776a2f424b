/** /signup and /register on the admin host: there is no self-service sign-up. */
import { Link } from 'react-router'
import { AuthCard } from './AuthCard'

export function AdminSignupNotice() {
  return (
    <AuthCard title="Admin accounts">
      <p>
        Administrator accounts cannot be created here. An existing administrator creates each new admin account and
        sends you your sign-in details.
      </p>
      <p>If you need access, please contact your Harbour IT Recruitment administrator.</p>
      <p className="auth-switch">
        <Link to="/login">Back to sign in</Link>
      </p>
    </AuthCard>
  )
}
