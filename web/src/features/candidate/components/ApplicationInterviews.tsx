/** The interviews under an application card: when (Sydney time), how long, where, and whether it still stands. */
import { Badge } from '../../../components/ui/Badge'
import { Icon } from '../../../components/ui/Icon'
import { safeVideoLink } from '../../../lib/links'
import { formatDuration, formatInterviewTime, interviewState, orderInterviews, type InterviewState } from '../model/interviews'
import type { ApplicationInterview } from '../types'

const STATE_BADGE: Record<InterviewState, { label: string; tone: 'info' | 'danger' | 'neutral' }> = {
  upcoming: { label: 'Upcoming', tone: 'info' },
  cancelled: { label: 'Cancelled', tone: 'danger' },
  past: { label: 'Past', tone: 'neutral' },
}

export function ApplicationInterviews({ interviews, jobTitle }: { interviews: ApplicationInterview[] | null | undefined; jobTitle: string }) {
  const now = new Date()
  const list = orderInterviews(interviews, now)
  if (list.length === 0) return null
  return (
    <div className="cd-interviews" role="group" aria-label={`Interviews for ${jobTitle}`}>
      <h4 className="cd-interviews-title">{list.length === 1 ? 'Interview' : 'Interviews'}</h4>
      <ul>
        {list.map((i) => {
          const state = interviewState(i, now)
          const badge = STATE_BADGE[state]
          // a cancelled interview's call is not one to join
          const link = state === 'cancelled' ? null : safeVideoLink(i.video_link)
          const people = (i.interviewers ?? []).filter(Boolean)
          return (
            <li key={i.id} className={`cd-interview cd-interview-${state}`} data-interview-state={state}>
              <div className="cd-interview-head">
                <Icon name="calendar" size={16} />
                <time dateTime={i.starts_at} className="cd-interview-time">
                  {formatInterviewTime(i.starts_at, now)}
                </time>
                <Badge tone={badge.tone}>{badge.label}</Badge>
              </div>
              <p className="cd-interview-meta">
                {formatDuration(i.duration_minutes)}
                {i.location ? <> · {i.location}</> : null}
                {link ? (
                  <>
                    {' · '}
                    <a href={link} target="_blank" rel="noopener noreferrer">
                      Join the video call<span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                  </>
                ) : null}
                {people.length ? <> · with {people.join(', ')}</> : null}
              </p>
              {state === 'cancelled' ? (
                // the reason is the employer's, or the server's when the application ended ("The
                // application was withdrawn."), so it is not put in the employer's mouth
                <p className="cd-interview-note">{i.cancel_reason ? `Cancelled: ${i.cancel_reason}` : 'The employer cancelled this interview.'}</p>
              ) : null}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
