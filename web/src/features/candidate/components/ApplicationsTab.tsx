/**
 * My Applications: Pending / Accepted / Rejected counts, cards (with their interviews beneath),
 * refresh, Try Again (SPEC 2.5, 8), and Withdraw application on one not yet decided. A withdrawn
 * application keeps its card, marked Withdrawn with the day, and is in none of the three counts.
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

const STATUS_DISPLAY: Record<string, { icon: IconName; label: string; tone: BadgeTone }> = {
  pending: { icon: 'clock', label: 'Pending', tone: 'warning' },
  accepted: { icon: 'check', label: 'Accepted', tone: 'success' },
  rejected: { icon: 'cross', label: 'Rejected', tone: 'danger' },
}

/** Known statuses get their icon; anything else is neutral. */
export function statusDisplay(status: string) {
  return STATUS_DISPLAY[status?.toLowerCase?.() ?? ''] ?? { icon: 'dot' as IconName, label: status || 'Unknown', tone: 'neutral' as BadgeTone }
}

/** SPEC's three counts; a withdrawn application is none of them, whatever its status. */
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
          <dt>Pending</dt>
          <dd>{counts.pending}</dd>
        </div>
        <div className="cd-stat">
          <dt>Accepted</dt>
          <dd>{counts.accepted}</dd>
        </div>
        <div className="cd-stat">
          <dt>Rejected</dt>
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
            const s = withdrawn ? WITHDRAWN_DISPLAY : statusDisplay(app.status)
            const standing = standingOf(app)
            return (
              <li key={app.id} className={withdrawn ? 'cd-card cd-card-withdrawn' : 'cd-card'}>
                <div className="cd-card-head">
                  <h3 ref={app.id === justWithdrawn ? withdrawnCard : undefined} tabIndex={-1}>
                    {/* the ad they applied for, to read again before an interview (a closed job's page says it is closed) */}
                    <Link to={`/jobs/${app.job_id}`}>{app.job_title}</Link>
                  </h3>
                  <Badge tone={s.tone} icon={s.icon}>
                    {s.label}
                  </Badge>
                </div>
                <p className="cd-muted">{app.company}</p>
                {withdrawn ? (
                  <p className="cd-standing">{withdrewOnText(app)}</p>
                ) : (
                  <p className="cd-standing">
                    <span className="visually-hidden">Where it stands: </span>
                    <Badge tone={standing.tone}>{standing.label}</Badge> <span>{standing.detail}</span>
                  </p>
                )}
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
