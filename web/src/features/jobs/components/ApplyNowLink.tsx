/**
 * Apply Now on a public job (SPEC 2.4: it goes to the candidate login). The job comes along, so
 * after signing in its apply dialog opens; a candidate already signed in goes straight there.
 * A signed-in candidate who has already applied for the job sees when they did instead (or when
 * they withdrew it: applying again is refused), and a link to My Applications, read from the portal's own list of their applications (one request
 * shared by every job on the page and by the portal). Until that list is in, or if it cannot be
 * had, Apply Now stays: the portal's dialog still knows an application already made.
 */
import { Link } from 'react-router'
import { Icon } from '../../../components/ui/Icon'
import { applyNowHref, MY_APPLICATIONS_PATH } from '../../../lib/apply-intent'
import { formatDate } from '../../../lib/format'
import { useSession } from '../../auth'
import { useApplicationForJob } from '../../candidate'


type Props = { jobId: string; jobTitle?: string; className: string }

export function ApplyNowLink({ jobId, jobTitle, className }: Props) {
  const signedIn = useSession('candidate').status === 'authenticated'
  const application = useApplicationForJob(jobId, signedIn).data
  // signed out, the cache may still hold the last candidate's list: it is not theirs to show
  if (signedIn && application) return <AppliedStatus appliedAt={application.created_at} withdrawnAt={application.withdrawn_at} className={className} />
  return (
    <Link to={applyNowHref(jobId, signedIn)} className={className}>
      Apply Now{jobTitle ? <span className="visually-hidden"> for {jobTitle}</span> : null}
    </Link>
  )
}

/** "Applied on 3 Nov 2026", or "Withdrawn on 5 Nov 2026" (a status, not a control), and the way
 *  to the application; the link takes Apply Now's place and look. */
function AppliedStatus({ appliedAt, withdrawnAt, className }: { appliedAt: string; withdrawnAt?: string | null; className: string }) {
  const at = withdrawnAt || appliedAt
  const what = withdrawnAt ? 'Withdrawn' : 'Applied'
  const date = formatDate(at)
  return (
    <span className="job-applied">
      <span className="job-applied-status">
        <Icon name={withdrawnAt ? 'reopen' : 'check'} size={16} />
        {date ? (
          <span>
            {what} on <time dateTime={at}>{date}</time>
          </span>
        ) : (
          <span>{what}</span>
        )}
      </span>
      <Link to={MY_APPLICATIONS_PATH} className={className}>
        View your application
      </Link>
    </span>
  )
}
