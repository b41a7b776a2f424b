/** The interviews under an application card: when (Sydney time), how long, where, and whether it still stands. */
import { Badge } from '../../../components/ui/Badge'
import { Icon } from '../../../components/ui/Icon'
import { formatDuration, formatInterviewTime, interviewState, orderInterviews, safeVideoLink, type InterviewState } from '../model/interviews'
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
          const link = safeVideoLink(i.video_link)
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
                <p className="cd-interview-note">
                  The employer cancelled this interview{i.cancel_reason ? `: ${i.cancel_reason}` : '.'}
                </p>
              ) : null}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
