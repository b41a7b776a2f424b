/**
 * Apply Now on a public job (SPEC 2.4: it goes to the candidate login). The job comes along, so
 * after signing in its apply dialog opens; a candidate already signed in goes straight there.
 */
import { Link } from 'react-router'
import { applyNowHref } from '../../../lib/apply-intent'
import { useSession } from '../../auth'

type Props = { jobId: string; jobTitle?: string; className: string }

export function ApplyNowLink({ jobId, jobTitle, className }: Props) {
  const signedIn = useSession('candidate').status === 'authenticated'
  return (
    <Link to={applyNowHref(jobId, signedIn)} className={className}>
      Apply Now{jobTitle ? <span className="visually-hidden"> for {jobTitle}</span> : null}
    </Link>
  )
}
