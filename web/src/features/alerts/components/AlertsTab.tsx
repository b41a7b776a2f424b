/**
 * /candidate/dashboard/alerts: the candidate's job alerts (issue 28). Each says what it looks for in
 * words, how often it writes, and what it matches on the board now (the count, the newest job
 * linked to its page, all of them in Browse Jobs); Edit, Pause / Resume and Delete (confirmed).
 * New alerts come from "Save this search" on a job list, where the search already is.
 */
import { useState } from 'react'
import { Link } from 'react-router'
import { Badge } from '../../../components/ui/Badge'
import { Button, buttonClass } from '../../../components/ui/Button'
import { EmptyState } from '../../../components/ui/EmptyState'
import { Modal, ModalActions } from '../../../components/ui/Modal'
import { serverMessageOr } from '../../../lib/server-message'
import { useLocations, useSalaryRanges, writeJobSearch } from '../../jobs'
import { useAlertAction, useAlerts, useUpdateAlert, type AlertAction } from '../api/alerts'
import {
  ALERT_LIMIT,
  ALERT_TEXTS,
  criteriaInWords,
  formFromAlert,
  frequencyLabel,
  matchesInWords,
  searchFromAlert,
  type AlertReference,
  type JobAlert,
} from '../model/alerts'
import { AlertDialog } from './AlertDialog'
import '../alerts.css'

export const ALERTS_TEXTS = {
  loadFailed: 'We couldn’t load your job alerts. Please try again.',
  actionFailed: 'That didn’t work. Please try again.',
} as const

const BROWSE_PATH = '/candidate/dashboard/jobs'

export function AlertsTab() {
  const alerts = useAlerts()
  const locations = useLocations()
  const salaryRanges = useSalaryRanges()
  const act = useAlertAction()
  const update = useUpdateAlert()
  const [editing, setEditing] = useState<JobAlert | null>(null)
  const [deleting, setDeleting] = useState<JobAlert | null>(null)
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null)
  const reference: AlertReference = { locations: locations.data ?? [], salaryRanges: salaryRanges.data ?? [] }
  const list = alerts.data ?? []

  const run = async (alert: JobAlert, action: AlertAction) => {
    setMessage(null)
    try {
      const answer = await act.mutateAsync({ id: alert.id, action })
      setMessage({ kind: 'success', text: answer?.message ?? 'Done' })
      return true
    } catch (err) {
      setMessage({ kind: 'error', text: serverMessageOr(err, ALERTS_TEXTS.actionFailed) })
      return false
    }
  }

  return (
    <section className="cd-section" aria-labelledby="alerts-title">
      <div className="cd-section-head">
        <h2 id="alerts-title">Job Alerts</h2>
        {list.length > 0 ? (
          <span className="cd-muted">
            {list.length} of {ALERT_LIMIT}
          </span>
        ) : null}
      </div>
      <p className="cd-muted alerts-intro">
        Saved searches that tell you when a new job matches: at once, or in one email each morning. Save one from <Link to={BROWSE_PATH}>Browse Jobs</Link> or the job board with “Save this search”.
      </p>
      {message ? (
        <div className={`alert alert-${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
        </div>
      ) : null}
      {list.length >= ALERT_LIMIT ? <p className="alert alert-info">{ALERT_TEXTS.limit}</p> : null}

      {alerts.isPending ? (
        <p className="cd-muted" aria-busy="true">
          Loading your alerts...
        </p>
      ) : alerts.isError ? (
        <p className="alert alert-error" role="alert">
          {serverMessageOr(alerts.error, ALERTS_TEXTS.loadFailed)}
        </p>
      ) : list.length === 0 ? (
        <EmptyState
          title="No job alerts yet"
          icon="bell"
          action={
            <Link className={buttonClass('primary', 'sm')} to={BROWSE_PATH}>
              Browse Jobs
            </Link>
          }
        >
          <p>Search for the jobs you want, then choose “Save this search”. We’ll tell you when a new one is posted, so you don’t have to search again.</p>
        </EmptyState>
      ) : (
        <ul className="alert-list">
          {list.map((alert) => (
            <AlertCard
              key={alert.id}
              alert={alert}
              reference={reference}
              busy={act.isPending && act.variables?.id === alert.id}
              onEdit={() => {
                setMessage(null)
                setEditing(alert)
              }}
              onToggle={() => void run(alert, alert.paused ? 'resume' : 'pause')}
              onDelete={() => setDeleting(alert)}
            />
          ))}
        </ul>
      )}

      {editing ? (
        <AlertDialog
          mode="edit"
          initial={formFromAlert(editing)}
          reference={reference}
          onClose={() => setEditing(null)}
          send={(form) => update.mutateAsync({ id: editing.id, form })}
          onSaved={(text) => {
            setEditing(null)
            setMessage({ kind: 'success', text })
          }}
        />
      ) : null}

      {deleting ? (
        <Modal title="Delete this alert?" onClose={() => setDeleting(null)}>
          <p>
            “{deleting.name}” will stop and be gone from your alerts. Jobs it already sent you stay in your notifications.
          </p>
          <ModalActions>
            <Button variant="ghost" onClick={() => setDeleting(null)} disabled={act.isPending}>
              Keep it
            </Button>
            <Button
              variant="danger"
              icon="trash"
              busy={act.isPending}
              onClick={async () => {
                await run(deleting, 'delete')
                setDeleting(null)
              }}
            >
              Delete alert
            </Button>
          </ModalActions>
        </Modal>
      ) : null}
    </section>
  )
}

type CardProps = {
  alert: JobAlert
  reference: AlertReference
  busy: boolean
  onEdit: () => void
  onToggle: () => void
  onDelete: () => void
}

function AlertCard({ alert, reference, busy, onEdit, onToggle, onDelete }: CardProps) {
  const words = criteriaInWords(alert, reference)
  const browse = `${BROWSE_PATH}?${writeJobSearch(new URLSearchParams(), searchFromAlert(alert)).toString()}`
  const titleId = `alert-${alert.id}`
  return (
    <li className={`card alert-card${alert.paused ? ' is-paused' : ''}`} aria-labelledby={titleId}>
      <div className="spread-row alert-card-head">
        <h3 id={titleId}>{alert.name}</h3>
        {alert.paused ? (
          <Badge tone="warning" icon="clock">
            Paused
          </Badge>
        ) : (
          <Badge tone="info" icon="bell">
            {frequencyLabel(alert.frequency)}
          </Badge>
        )}
      </div>
      <ul className="tag-list alert-criteria" aria-label="Looks for">
        {words.map((w) => (
          <li key={w} className="tag">
            {w}
          </li>
        ))}
      </ul>
      <p className="alert-matches">
        <Link to={browse}>{matchesInWords(alert.match_count)}</Link>
        {alert.newest_job_id && alert.newest_job_title ? (
          <>
            {' · '}newest: <Link to={`/jobs/${encodeURIComponent(alert.newest_job_id)}`}>{alert.newest_job_title}</Link>
          </>
        ) : null}
      </p>
      {alert.paused ? <p className="cd-muted cd-small">Paused: we won’t tell you about new jobs until you resume it.</p> : null}
      <div className="alert-actions">
        <Button variant="ghost" size="sm" icon="edit" onClick={onEdit} aria-label={`Edit ${alert.name}`}>
          Edit
        </Button>
        <Button variant="ghost" size="sm" icon={alert.paused ? 'reopen' : 'clock'} onClick={onToggle} busy={busy} aria-label={`${alert.paused ? 'Resume' : 'Pause'} ${alert.name}`}>
          {alert.paused ? 'Resume' : 'Pause'}
        </Button>
        <Button variant="ghost" size="sm" icon="trash" onClick={onDelete} aria-label={`Delete ${alert.name}`}>
          Delete
        </Button>
      </div>
    </li>
  )
}
