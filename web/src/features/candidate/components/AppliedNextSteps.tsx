/**
 * Under 'Application submitted successfully' (which clears after 4 s, SPEC 4): what happens next,
 * true to the server (it emails the candidate a copy; each move shows in My Applications and the
 * notifications, and an interview comes by email with its invitation) and the way to My Applications. It stays after the banner goes, so it names the
 * job and the link can still be followed.
 *
 * It takes the focus as it appears: the dialog has closed, and the button that opened it is now the
 * disabled 'Applied Successfully' (SPEC 4), which cannot hold focus, so keyboard and screen-reader
 * users were dropped at the top of the page; and someone who applied from far down the list now
 * sees the confirmation rather than only a changed button. Mount it with a key per application.
 */
import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { MY_APPLICATIONS_PATH } from '../../../lib/apply-intent'

export function AppliedNextSteps({ jobTitle }: { jobTitle: string }) {
  const ref = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    const line = ref.current
    if (!line) return
    line.focus({ preventScroll: true })
    line.scrollIntoView?.({ block: 'center' })
  }, [])
  return (
    <p className="cd-muted cd-small cd-next-steps" role="status" tabIndex={-1} ref={ref}>
      We’ve emailed you a copy of your {jobTitle} application. Each step shows in My Applications and your notifications, and if
      they book an interview we’ll email you the invitation. <Link to={MY_APPLICATIONS_PATH}>See it in My Applications</Link>.
    </p>
  )
}
