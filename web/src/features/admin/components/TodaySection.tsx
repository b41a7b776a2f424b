/**
 * The overview's "Today", for the morning glance: the day's three counts (each opening the
 * Applications list it counts) beside today's interviews across every client, in Sydney time.
 * The heading needs no data, so it shows while the overview loads.
 */
import { Link } from 'react-router'
import { Card } from '../../../components/ui/Card'
import { ErasedChip } from '../../../components/ui/ErasedPerson'
import { Skeleton } from '../../../components/ui/Skeleton'
import { isErased } from '../../../lib/erased'
import { timeRange } from '../../../lib/format'
import { interviewFor, todayCounts, todayHeading } from '../model/today'
import type { Today, TodaysInterview } from '../types'
import '../overview.css'

export function TodaySection({ today }: { today: Today | undefined }) {
  return (
    <section aria-labelledby="today-heading" className="adm-stack-sm">
      <h2 id="today-heading" className="ws-section-title">
        {todayHeading()}
      </h2>
      <div className="ws-columns adm-today">
        {today ? (
          <ul className="adm-counts">
            {todayCounts(today).map((c) => (
              <li key={c.id}>
                <Link to={c.to} className={`adm-count${c.count ? '' : ' is-zero'}${c.flagged ? ' is-flagged' : ''}`}>
                  {/* the spaces make the link's name "3 Offers out Waiting on an answer"; a grid drops them */}
                  <span className="adm-count-n">{c.count}</span>{' '}
                  <span className="adm-count-label">{c.label}</span>{' '}
                  <span className="adm-count-note">{c.note}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <ul className="adm-counts" aria-busy="true" aria-label="Loading today’s numbers">
            {[1, 2, 3].map((i) => (
              <li key={i} className="adm-count" aria-hidden="true">
                <Skeleton height="1.5rem" width="2rem" />
                <Skeleton lines={2} />
              </li>
            ))}
          </ul>
        )}
        <Card as="section" aria-labelledby="interviews-today-heading" padding="sm">
          <h3 id="interviews-today-heading" className="ws-subtitle">
            Interviews
          </h3>
          {!today ? (
            <Skeleton lines={3} />
          ) : today.interviews.length === 0 ? (
            <p className="ws-muted">No interviews booked for today.</p>
          ) : (
            <ol className="adm-interviews" aria-label="Today’s interviews, soonest first">
              {today.interviews.map((i) => (
                <InterviewRow key={i.id} interview={i} />
              ))}
            </ol>
          )}
        </Card>
      </div>
    </section>
  )
}

function InterviewRow({ interview: i }: { interview: TodaysInterview }) {
  return (
    <li>
      <time className="adm-interview-time" dateTime={i.starts_at}>
        {timeRange(i.starts_at, i.duration_minutes)}
      </time>{' '}
      <span>
        {isErased(i.candidate_name) ? (
          <ErasedChip />
        ) : (
          // opening the record is itself recorded (CandidateRecordViewed): a plain link, never prefetched
          <Link to={`/dashboard/candidates/${encodeURIComponent(i.candidate_id)}`} className="adm-strong-link">
            {i.candidate_name?.trim() || 'A candidate'}
          </Link>
        )}{' '}
        {interviewFor(i)}
      </span>
    </li>
  )
}
