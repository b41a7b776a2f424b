/**
 * /dashboard/projections: every projector's position, lag and health, live (the socket's
 * admin_updated and a 5 s poll), and a rebuild per projector whose progress streams in from the
 * socket's rebuild_progress and from the poll's `rebuild` field.
 */
import { useState } from 'react'
import { ErrorAlert, LoadFailed } from '../../../components/ui/Alert'
import { Badge, type BadgeTone } from '../../../components/ui/Badge'
import { Button } from '../../../components/ui/Button'
import { Card } from '../../../components/ui/Card'
import { EmptyState } from '../../../components/ui/EmptyState'
import { Modal, ModalActions } from '../../../components/ui/Modal'
import { SkeletonStack } from '../../../components/ui/Skeleton'
import { Table, type Column } from '../../../components/ui/Table'
import { useToast } from '../../../components/ui/toast'
import { formatRelativeTime } from '../../../lib/format'
import { serverMessageOr } from '../../../lib/server-message'
import { humaniseType, useAdminTitle } from '../../admin'
import { useProjections } from '../api/get-projections'
import { useRebuildProjection } from '../api/rebuild-projection'
import { useRebuildProgress } from '../hooks/useRebuildProgress'
import { lagLabel, latestRebuild, rebuildOutcome, type RebuildView } from '../model/progress'
import type { ProjectorStatus } from '../types'
import { ProgressBar } from './ProgressBar'
import '../operations.css'

function health(p: ProjectorStatus): { tone: BadgeTone; label: string } {
  const s = p.status.toLowerCase()
  if (p.last_error || s.includes('fail') || s.includes('error')) return { tone: 'danger', label: capitalise(humaniseType(p.status)) || 'Failing' }
  if (s.includes('rebuild')) return { tone: 'info', label: 'Rebuilding' }
  if (p.lag > 0) return { tone: 'warning', label: 'Behind' }
  return { tone: 'success', label: capitalise(humaniseType(p.status)) || 'Up to date' }
}

const projectorName = (name: string) => name.replace(/[_-]+/g, ' ')
const capitalise = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s)

export default function ProjectionsPage() {
  useAdminTitle('Projections')
  const projections = useProjections()
  const live = useRebuildProgress()
  const rebuild = useRebuildProjection()
  const { push } = useToast()
  const [confirming, setConfirming] = useState<string | null>(null)
  const [refused, setRefused] = useState<string | null>(null)

  const current: RebuildView | null = latestRebuild(projections.data?.rebuild ?? null, live.progress)
  const running = current !== null && !current.finished

  const start = (name: string) => {
    setRefused(null)
    // forget the last rebuild's socket word now: the new one's first progress may beat the 202 here
    live.reset()
    rebuild.mutate(name, {
      onSuccess: (res) => {
        setConfirming(null)
        push({ kind: 'info', title: `Rebuilding ${projectorName(name)}`, message: res?.message ?? 'Progress shows at the top of the page.' })
      },
      onError: (err) => {
        setConfirming(null)
        setRefused(
          (err as { status?: number }).status === 409
            ? serverMessageOr(err, 'A rebuild is already running')
            : serverMessageOr(err, 'The rebuild could not start. Please try again.'),
        )
      },
    })
  }

  const columns: Column<ProjectorStatus>[] = [
    {
      key: 'name',
      header: 'Projector',
      cell: (p) => (
        <span className="ops-cell-stack">
          <strong>{projectorName(p.name)}</strong>
          <span className="ws-muted ws-small">{p.updated_at ? `Updated ${formatRelativeTime(p.updated_at).toLowerCase()}` : 'Not run yet'}</span>
        </span>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (p) => {
        const h = health(p)
        return <Badge tone={h.tone}>{h.label}</Badge>
      },
    },
    { key: 'position', header: 'Position', align: 'end', cell: (p) => p.last_position.toLocaleString('en-AU') },
    { key: 'lag', header: 'Lag', cell: (p) => lagLabel(p.lag) },
    {
      key: 'error',
      header: 'Last error',
      cell: (p) =>
        p.last_error ? (
          <span className="ops-cell-stack">
            <span className="ops-error-text">{p.last_error}</span>
            <span className="ws-muted ws-small">
              {p.attempts} attempt{p.attempts === 1 ? '' : 's'}
              {p.failing_since ? `, failing since ${formatRelativeTime(p.failing_since).toLowerCase()}` : ''}
            </span>
          </span>
        ) : (
          <span className="ws-muted">None{p.attempts > 0 ? ` (${p.attempts} attempts)` : ''}</span>
        ),
    },
    {
      key: 'rebuild',
      header: 'Rebuild',
      cell: (p) => (
        <Button size="sm" variant="outline" icon="reopen" disabled={running && current?.name === p.name} onClick={() => setConfirming(p.name)} aria-label={`Rebuild ${projectorName(p.name)}`}>
          Rebuild
        </Button>
      ),
    },
  ]

  return (
    <div className="ws-stack">
      <div className="ws-toolbar">
        <p className="ops-intro">
          The read models behind every screen, kept up to date from the event log. A projector that falls behind or keeps failing shows here first; a rebuild replays the whole log into it.
        </p>
        <span className="ops-live">
          <span className={`ops-live-dot${live.connected ? ' is-on' : ''}`} aria-hidden="true" />
          {live.connected ? 'Live' : 'Checking every 5 seconds'}
        </span>
      </div>

      {refused ? (
        <ErrorAlert
          message={
            <>
              <strong>Rebuild not started.</strong> {refused}
            </>
          }
        />
      ) : null}

      {current ? <RebuildPanel view={current} /> : null}

      {projections.isPending ? (
        <SkeletonStack what="projections" />
      ) : projections.isError ? (
        <LoadFailed error={projections.error} what="the projections" onRetry={() => projections.refetch()} />
      ) : (
        <div className="ops-table">
          <Table
            caption="Projectors"
            columns={columns}
            rows={projections.data.projectors}
            rowKey={(p) => p.name}
            empty={
              <EmptyState title="No projectors reported" icon="list" headingLevel={2}>
                <p>The server has not reported any projectors yet. They appear once it has started and read the event log.</p>
              </EmptyState>
            }
          />
        </div>
      )}

      {confirming ? (
        <Modal title={`Rebuild ${projectorName(confirming)}?`} onClose={() => setConfirming(null)}>
          <p>
            This empties the <strong>{projectorName(confirming)}</strong> read model and replays every event into it. The screens it feeds may show old or missing data until it
            finishes. Only one rebuild runs at a time.
          </p>
          <ModalActions>
            <Button variant="ghost" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button busy={rebuild.isPending} onClick={() => start(confirming)}>
              Start the rebuild
            </Button>
          </ModalActions>
        </Modal>
      ) : null}
    </div>
  )
}

function RebuildPanel({ view }: { view: RebuildView }) {
  const outcome = rebuildOutcome(view)
  return (
    <Card as="section" className="ops-panel" aria-labelledby="rebuild-heading">
      <div className="ws-toolbar">
        <h2 id="rebuild-heading">
          {view.finished ? 'Last rebuild' : 'Rebuild under way'}: {projectorName(view.name)}
        </h2>
        <Badge tone={outcome.tone} icon={view.error ? 'cross' : view.finished ? 'check' : 'clock'}>
          {view.error ? 'Failed' : view.finished ? 'Done' : 'Running'}
        </Badge>
      </div>
      <ProgressBar done={view.done} total={view.total} finished={view.finished} failed={Boolean(view.error)} label={`Rebuild of ${projectorName(view.name)}`} />
      {/* only the outcome is announced (the bar carries the count while it runs): every tick would drown a screen reader */}
      <p className={view.error ? 'ops-error-text' : 'ws-muted'} aria-live="polite">
        {view.finished || view.error ? outcome.text : ''}
      </p>
    </Card>
  )
}
