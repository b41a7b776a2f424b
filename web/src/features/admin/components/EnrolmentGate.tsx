/**
 * The admin workspace while two-factor sign-in is still to be set up (issue 26: it is mandatory
 * for admins, and until it is on the server answers nothing else). Says why, in plain words, and
 * shows only what works: setting it up, and changing the password. The frame around it keeps
 * Sign out and hides the sections.
 */
import { useQueryClient } from '@tanstack/react-query'
import { ChangePasswordCard, setTwoFactorEnrolment } from '../../auth'
import { adminKeys } from '../api/keys'
import { useAdminTitle } from '../hooks/useAdminTitle'
import { TwoFactorCard } from './TwoFactorCard'

export const ENROLMENT_HEADING = 'Set up two-factor sign-in'

export function EnrolmentGate() {
  useAdminTitle(ENROLMENT_HEADING)
  const qc = useQueryClient()
  const enrolled = () => {
    // what was refused while the gate was up is read again as the screens come back
    void qc.invalidateQueries({ queryKey: adminKeys.all })
    setTwoFactorEnrolment(false)
  }
  return (
    <div className="adm-account">
      <div className="alert alert-info">
        <strong>Every admin needs two-factor sign-in.</strong> The admin workspace holds people’s private details, so a password alone isn’t enough
        to open it. Turn it on below with an authenticator app on your phone: it takes about a minute, and then the rest of the workspace opens.
      </div>
      <TwoFactorCard onEnrolled={enrolled} />
      <ChangePasswordCard role="admin" />
    </div>
  )
}
