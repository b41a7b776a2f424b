/** My Applications: Pending / Accepted / Rejected counts, cards (with their interviews beneath), refresh, Try Again (SPEC 2.5, 8). */
import { Link } from 'react-router'
import { Badge, type BadgeTone } from '../../../components/ui/Badge'
import { Button } from '../../../components/ui/Button'
import { EmptyState } from '../../../components/ui/EmptyState'
import type { IconName } from '../../../components/ui/Icon'
import { useState } from 'react'
import { formatDate } from '../../../lib/format'
import { useApplications } from '../api/get-applications'
import { useTimedMessage } from '../hooks/useTimedMessage'
import { standingOf } from '../model/standing'
import type { Application } from '../types'
import { ApplicationInterviews } from './ApplicationInterviews'
import { Message } from './Message'

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

export function countByStatus(apps: Application[]) {
  const count = (s: string) => apps.filter((a) => a.status?.toLowerCase() === s).length
  return { pending: count('pending'), accepted: count('accepted'), rejected: count('rejected') }
}

export function ApplicationsTab() {
  const applications = useApplications()
  const [refreshing, setRefreshing] = useState(false)
  const [message, showMessage] = useTimedMessage()
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
        <h2 id="apps-title">My Applications</h2>
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
            const s = statusDisplay(app.status)
            const standing = standingOf(app)
            return (
              <li key={app.id} className="cd-card">
                <div className="cd-card-head">
                  <h3>
                    {/* the ad they applied for, to read again before an interview (a closed job's page says it is closed) */}
                    <Link to={`/jobs/${app.job_id}`}>{app.job_title}</Link>
                  </h3>
                  <Badge tone={s.tone} icon={s.icon}>
                    {s.label}
                  </Badge>
                </div>
                <p className="cd-muted">{app.company}</p>
                <p className="cd-standing">
                  <span className="visually-hidden">Where it stands: </span>
                  <Badge tone={standing.tone}>{standing.label}</Badge> <span>{standing.detail}</span>
                </p>
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
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
