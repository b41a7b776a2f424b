/**
 * My Applications: the three counts, cards (with their interviews beneath), refresh, Try Again
 * (SPEC 2.5, 8), and Withdraw application on one not yet decided. A withdrawn application keeps its
 * card, marked Withdrawn with the day, and is in none of the three counts.
 *
 * The SPEC's statuses (pending, accepted, rejected) stay as they are in the API and still make the
 * three counts, but the candidate never reads them: each card's one badge says where the
 * application stands ("In review", "Invited to interview", "Not progressed": model/standing.ts), and
 * the counts say "Under review", "Moving forward" and "Not progressed". "Accepted" covers Interview,
 * Offer and Hired, and a job seeker takes it as "you got the job"; "Rejected" reads as a scoreboard.
 */
import { Link } from 'react-router'
import { Badge, type BadgeTone } from '../../../components/ui/Badge'
import { Button } from '../../../components/ui/Button'
import { EmptyState } from '../../../components/ui/EmptyState'
import type { IconName } from '../../../components/ui/Icon'
import { useEffect, useRef, useState } from 'react'
import { formatDate } from '../../../lib/format'
import { useApplications } from '../api/get-applications'
import { useTimedMessage } from '../hooks/useTimedMessage'
import { standingOf } from '../model/standing'
import { canWithdraw, isWithdrawn, WITHDRAWN_DISPLAY, withdrawnMessage, withdrewOnText } from '../model/withdraw'
import type { Application } from '../types'
import { ApplicationInterviews } from './ApplicationInterviews'
import { Message } from './Message'
import { WithdrawApplicationModal } from './WithdrawApplicationModal'

export const APPLICATION_MESSAGES = {
  loadFailed: 'Failed to load applications. Please try again later.',
  refreshFailed: 'Failed to refresh applications. Please try again later.',
  empty: 'No applications yet',
} as const

type Display = { icon: IconName; label: string; tone: BadgeTone }

/**
 * The SPEC's statuses in the candidate's words, the same as the counts': a card falls back on its
 * status only when it has no `progress` this page knows.
 */
const STATUS_DISPLAY: Record<string, Display> = {
  pending: { icon: 'clock', label: 'Under review', tone: 'info' },
  accepted: { icon: 'check', label: 'Moving forward', tone: 'brand' },
  rejected: { icon: 'dot', label: 'Not progressed', tone: 'neutral' },
}

/** Known statuses get their icon and the candidate's words; anything else is neutral, as it comes. */
export function statusDisplay(status: string): Display {
  return STATUS_DISPLAY[status?.toLowerCase?.() ?? ''] ?? { icon: 'dot', label: status || 'Unknown', tone: 'neutral' }
}

/** The icon beside each standing: waiting, an interview, good news, or a quiet dot when it is over. */
const STANDING_ICONS: Record<Application['progress'], IconName> = {
  received: 'clock',
  in_review: 'clock',
  interview: 'calendar',
  offer: 'check',
  hired: 'check',
  not_progressed: 'dot',
}

/**
 * A live card's one badge and its sentence: where it stands, or (for a `progress` this page does
 * not know) its status in the candidate's words, with no sentence.
 */
function standingDisplay(app: Pick<Application, 'status' | 'progress' | 'interviews'>): Display & { detail: string } {
  if (!Object.hasOwn(STANDING_ICONS, app.progress)) return { ...statusDisplay(app.status), detail: '' }
  const standing = standingOf({ progress: app.progress, interviews: app.interviews ?? [] })
  return { icon: STANDING_ICONS[app.progress], label: standing.label, tone: standing.tone, detail: standing.detail }
}

/** SPEC's three counts (by status); a withdrawn application is none of them, whatever its status. */
export function countByStatus(apps: Application[]) {
  const live = apps.filter((a) => !isWithdrawn(a))
  const count = (s: string) => live.filter((a) => a.status?.toLowerCase() === s).length
  return { pending: count('pending'), accepted: count('accepted'), rejected: count('rejected') }
}

export function ApplicationsTab() {
  const applications = useApplications()
  const [refreshing, setRefreshing] = useState(false)
  const [message, showMessage] = useTimedMessage()
  const [withdrawing, setWithdrawing] = useState<Application | null>(null)
  // once withdrawn the card loses the button that opened the dialog: the focus goes to the card's
  // heading (or, if the card is not there, the list's)
  const heading = useRef<HTMLHeadingElement>(null)
  const withdrawnCard = useRef<HTMLHeadingElement>(null)
  const [justWithdrawn, setJustWithdrawn] = useState<string | null>(null)
  useEffect(() => {
    if (justWithdrawn) (withdrawnCard.current ?? heading.current)?.focus()
  }, [justWithdrawn])
  const list = applications.data ?? []
  const counts = countByStatus(list)

  const refresh = async () => {
    setRefreshing(true)
    const result = await applications.refetch()
    setRefreshing(false)
    if (result.isError) showMessage('error', APPLICATION_MESSAGES.refreshFailed, 3000)
  }

  return (
    <section className="cd-section" aria-labelledby="apps-title">
      <div className="cd-section-head">
        <h2 id="apps-title" ref={heading} tabIndex={-1}>
          My Applications
        </h2>
        <Button variant="ghost" size="sm" onClick={refresh} busy={refreshing}>
          {refreshing ? 'Refreshing...' : 'Refresh'}
        </Button>
      </div>
      <Message message={message} />
      <dl className="cd-stats">
        <div className="cd-stat">
          <dt>Under review</dt>
          <dd>{counts.pending}</dd>
        </div>
        <div className="cd-stat">
          <dt>Moving forward</dt>
          <dd>{counts.accepted}</dd>
        </div>
        <div className="cd-stat">
          <dt>Not progressed</dt>
          <dd>{counts.rejected}</dd>
        </div>
      </dl>
      {applications.isPending ? (
        <p className="cd-muted" aria-busy="true">
          Loading applications...
        </p>
      ) : applications.isError && list.length === 0 ? (
        <div className="alert alert-error" role="alert">
          <p>{APPLICATION_MESSAGES.loadFailed}</p>
          <Button size="sm" onClick={() => void applications.refetch()}>
            Try Again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <EmptyState title={APPLICATION_MESSAGES.empty} icon="clipboard" action={<Link to="/candidate/dashboard/jobs" className="btn btn-primary btn-sm">Browse jobs</Link>}>
          <p>Roles you apply for appear here with their status and any feedback from the employer.</p>
        </EmptyState>
      ) : (
        <ul className="cd-cards">
          {list.map((app) => {
            const withdrawn = isWithdrawn(app)
            const standing = withdrawn ? null : standingDisplay(app)
            const badge = standing ?? WITHDRAWN_DISPLAY
            return (
              <li key={app.id} className={withdrawn ? 'cd-card cd-card-withdrawn' : 'cd-card'}>
                <div className="cd-card-head">
                  <h3 ref={app.id === justWithdrawn ? withdrawnCard : undefined} tabIndex={-1}>
                    {/* the ad they applied for, to read again before an interview (a closed job's page says it is closed) */}
                    <Link to={`/jobs/${app.job_id}`}>{app.job_title}</Link>
                  </h3>
                  <span>
                    {standing ? <span className="visually-hidden">Where it stands: </span> : null}
                    <Badge tone={badge.tone} icon={badge.icon}>
                      {badge.label}
                    </Badge>
                  </span>
                </div>
                <p className="cd-muted">{app.company}</p>
                {withdrawn ? (
                  <p className="cd-standing">{withdrewOnText(app)}</p>
                ) : standing?.detail ? (
                  <p className="cd-standing">{standing.detail}</p>
                ) : null}
                <p className="cd-small cd-muted">
                  Applied {formatDate(app.created_at)}
                  {app.last_updated ? ` · Updated ${formatDate(app.last_updated)}` : ''}
                </p>
                {app.feedback ? (
                  <div className="cd-feedback">
                    <strong>Employer feedback:</strong> {app.feedback}
                  </div>
                ) : null}
                <ApplicationInterviews interviews={app.interviews} jobTitle={app.job_title} />
                {canWithdraw(app) ? (
                  <div className="cd-card-foot">
                    <Button variant="link" size="sm" className="cd-withdraw" aria-label={`Withdraw application for ${app.job_title}`} onClick={() => setWithdrawing(app)}>
                      Withdraw application
                    </Button>
                  </div>
                ) : null}
              </li>
            )
          })}
        </ul>
      )}
      {withdrawing ? (
        <WithdrawApplicationModal
          application={withdrawing}
          onClose={() => setWithdrawing(null)}
          onWithdrawn={() => {
            showMessage('success', withdrawnMessage(withdrawing), 8000)
            setWithdrawing(null)
            setJustWithdrawn(withdrawing.id)
          }}
        />
      ) : null}
    </section>
  )
}
