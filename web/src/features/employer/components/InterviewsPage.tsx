/**
 * /dashboard/interviews: the booked interviews that haven't finished yet (those under way too)
 * across every job, by Sydney day
 * ("Today", "Tomorrow", "Thursday 4 December"): when, with whom, for which job, where, and the
 * team on the panel. Each applicant and job links to its own screen.
 */
import { Link } from 'react-router'
import { LoadFailed } from '../../../components/ui/Alert'
import { Card } from '../../../components/ui/Card'
import { PersonName } from '../../../components/ui/ErasedPerson'
import { SkeletonStack } from '../../../components/ui/Skeleton'
import { useUpcomingInterviews } from '../api/get-interviews'
import { safeVideoLink } from '../../../lib/links'
import { groupBySydneyDay, interviewersText, timeRange } from '../model/interviewDays'
import type { UpcomingInterview } from '../types'
import { WorkspaceEmpty } from './WorkspaceEmpty'
import { useWorkspaceTitle } from './workspaceTitle'

/** The server lists at most this many. */
const MOST = 100

export default function InterviewsPage() {
  useWorkspaceTitle('Interviews')
  const interviews = useUpcomingInterviews()

  if (interviews.isPending) return <SkeletonStack what="your interviews" />
  if (interviews.isError) {
    return <LoadFailed error={interviews.error} what="your interviews" onRetry={() => interviews.refetch()} />
  }
  const list = interviews.data
  if (list.length === 0) {
    return (
      <WorkspaceEmpty title="No interviews booked" icon="calendar" to="/dashboard" label="Go to your jobs">
        <p>Book one from an applicant’s page, under Interviews.</p>
      </WorkspaceEmpty>
    )
  }
  return (
    <div className="ws-stack">
      <p className="ws-muted">
        The booked interviews that haven’t finished yet, across all your jobs, soonest first. Times are Sydney time.
        {list.length >= MOST ? ` Showing the next ${MOST}.` : ''}
      </p>
      {groupBySydneyDay(list).map((group) => (
        <Card as="section" key={group.day} className="emp-section" aria-labelledby={`day-${group.day}`}>
          <h2 id={`day-${group.day}`}>{group.label}</h2>
          <ul className="emp-plain-list">
            {group.interviews.map((i) => (
              <InterviewRow key={i.id} interview={i} />
            ))}
          </ul>
        </Card>
      ))}
    </div>
  )
}

function InterviewRow({ interview: i }: { interview: UpcomingInterview }) {
  const video = safeVideoLink(i.video_link)
  const place = i.location?.trim()
  const panel = interviewersText(i.interviewers)
  return (
    <li className="emp-interview">
      <time className="emp-interview-time" dateTime={i.starts_at}>
        {timeRange(i.starts_at, i.duration_minutes)}
      </time>
      <div className="emp-interview-body">
        <p>
          <Link to={`/dashboard/applicants/${i.application_id}`} className="emp-interview-name">
            <PersonName name={i.candidate_name ?? 'Applicant'} />
          </Link>{' '}
          <span className="ws-muted">for</span> <Link to={`/dashboard/jobs/${i.job_id}`}>{i.job_title}</Link>
        </p>
        {video || place ? (
          <p>
            {video ? (
              <a href={video} target="_blank" rel="noopener noreferrer">
                Join video call<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : null}
            {video && place ? <span aria-hidden="true"> · </span> : null}
            {place ? <span>{place}</span> : null}
          </p>
        ) : null}
        {panel ? <p className="ws-muted ws-small">{panel}</p> : null}
      </div>
    </li>
  )
}
