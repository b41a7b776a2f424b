/**
 * The Jobs page's "Coming up": the next interview across every job and how many more begin in the
 * next 7 days, with the way to the full list. Nothing at all while it loads, if it fails, or when
 * no interview is booked, so a new employer's landing page stays as it was.
 */
import { Link } from 'react-router'
import { buttonClass } from '../../../components/ui/Button'
import { Card } from '../../../components/ui/Card'
import { PersonName } from '../../../components/ui/ErasedPerson'
import { Icon } from '../../../components/ui/Icon'
import { useUpcomingInterviews } from '../api/get-interviews'
import { comingUp } from '../model/interviewDays'

export function ComingUp() {
  const interviews = useUpcomingInterviews()
  const summary = interviews.data ? comingUp(interviews.data) : null
  if (!summary) return null
  const { next, when, started, more } = summary
  return (
    <Card as="section" padding="sm" className="emp-coming-up" aria-labelledby="coming-up-heading">
      <div className="emp-coming-up-text">
        <h2 id="coming-up-heading">
          <Icon name="calendar" size={16} /> Coming up
        </h2>
        <p>
          {started ? 'Happening now' : 'Next interview'}: <strong>{when}</strong>
          {next.candidate_name ? (
            <>
              {' '}
              with{' '}
              <Link to={`/dashboard/applicants/${next.application_id}`}>
                <PersonName name={next.candidate_name} />
              </Link>
            </>
          ) : null}{' '}
          for {next.job_title}
        </p>
        {more > 0 ? <p className="ws-muted ws-small">{more} more in the next 7 days</p> : null}
      </div>
      <Link to="/dashboard/interviews" className={buttonClass('outline', 'sm')}>
        See all interviews
      </Link>
    </Card>
  )
}
