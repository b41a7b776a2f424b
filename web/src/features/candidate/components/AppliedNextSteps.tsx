/**
 * Under 'Application submitted successfully' (which clears after 4 s, SPEC 4): what happens next,
 * true to the server (it emails the candidate a copy; each move shows in My Applications and the
 * notifications, and an interview comes by email with its invitation) and the way to My Applications. It stays after the banner goes, so it names the
 * job and the link can still be followed.
 *
 * When the candidate came from the job's ad (Apply Now on the public job page, `fromAd`), it says
 * so the way Seek does, "Application sent for <job> at <company>", and leads both ways: back to the
 * ad they were reading, and on to My Applications to track it.
 *
 * It takes the focus as it appears: the dialog has closed, and the button that opened it is now the
 * disabled 'Applied Successfully' (SPEC 4), which cannot hold focus, so keyboard and screen-reader
 * users were dropped at the top of the page; and someone who applied from far down the list now
 * sees the confirmation rather than only a changed button. Mount it with a key per application.
 */
import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { buttonClass } from '../../../components/ui/Button'
import { MY_APPLICATIONS_PATH } from '../../../lib/apply-intent'

type Props = {
  jobTitle: string
  /** the job's ad the candidate came from: its id (for the way back) and who is hiring */
  fromAd?: { jobId: string; company: string }
}

export function AppliedNextSteps({ jobTitle, fromAd }: Props) {
  return fromAd ? <SentFromAd jobTitle={jobTitle} {...fromAd} /> : <NextSteps jobTitle={jobTitle} />
}

/** Focus on the confirmation as it appears, and bring it into view. */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  useEffect(() => {
    const line = ref.current
    if (!line) return
    line.focus({ preventScroll: true })
    line.scrollIntoView?.({ block: 'center' })
  }, [])
  return ref
}

function NextSteps({ jobTitle }: { jobTitle: string }) {
  const ref = useFocusOnMount<HTMLParagraphElement>()
  return (
    <p className="cd-muted cd-small cd-next-steps" role="status" tabIndex={-1} ref={ref}>
      We’ve emailed you a copy of your {jobTitle} application. Each step shows in My Applications and your notifications, and if
      they book an interview we’ll email you the invitation. <Link to={MY_APPLICATIONS_PATH}>See it in My Applications</Link>.
    </p>
  )
}

function SentFromAd({ jobTitle, jobId, company }: { jobTitle: string; jobId: string; company: string }) {
  const ref = useFocusOnMount<HTMLDivElement>()
  return (
    <div className="cd-next-steps" role="status" tabIndex={-1} ref={ref}>
      <p className="cd-small">
        <strong>
          Application sent for {jobTitle} at {company}.
        </strong>{' '}
        <span className="cd-muted">
          We’ve emailed you a copy. Each step shows in My Applications and your notifications, and if they book an interview
          we’ll email you the invitation.
        </span>
      </p>
      <div className="cd-card-actions">
        <Link to={`/jobs/${jobId}`} className={buttonClass('outline', 'sm')}>
          Back to the job ad
        </Link>
        <Link to={MY_APPLICATIONS_PATH} className={buttonClass('ghost', 'sm')}>
          Track it in My Applications
        </Link>
      </div>
    </div>
  )
}
