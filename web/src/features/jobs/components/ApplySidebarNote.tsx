/**
 * The board's side note. Signed out: how to apply (SPEC 2.4's candidate login). Signed in as a
 * candidate (as ApplyNowLink decides), asking them to sign in again is noise: the note points to
 * their applications and saved jobs in the portal instead. Plain links, so the board loads none of
 * the portal's screens.
 */
import { Link } from 'react-router'
import { MY_APPLICATIONS_PATH } from '../../../lib/apply-intent'
import { useSession } from '../../auth'

export const PORTAL_SAVED_JOBS_PATH = '/candidate/dashboard/jobs?view=saved'

export function ApplySidebarNote() {
  const signedIn = useSession('candidate').status === 'authenticated'
  return (
    <aside className="card job-sidebar-note" aria-labelledby="job-apply-heading">
      {signedIn ? (
        <>
          <h2 id="job-apply-heading" className="job-sidebar-heading">
            Your job search
          </h2>
          <p>
            Track your <Link to={MY_APPLICATIONS_PATH}>applications</Link> and <Link to={PORTAL_SAVED_JOBS_PATH}>saved jobs</Link> in
            your candidate portal.
          </p>
        </>
      ) : (
        <>
          <h2 id="job-apply-heading" className="job-sidebar-heading">
            Ready to apply?
          </h2>
          <p>Sign in to your candidate account to apply, track applications and store your resume.</p>
          <Link to="/candidate/login">Candidate login</Link>
        </>
      )}
    </aside>
  )
}
