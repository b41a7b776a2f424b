/**
 * /dashboard/audit/streams/:streamId: one record's full history, oldest first, and time travel:
 * the record as it was at any moment (state?at=) and what changed between two moments (diff).
 * The moments live in the address bar (?at=, ?from=&to=), so a finding can be shared as a link.
 */
import { useRef, useState, type FormEvent } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { LoadFailed } from '../../../components/ui/Alert'
import { Button } from '../../../components/ui/Button'
import { Card } from '../../../components/ui/Card'
import { EmptyState } from '../../../components/ui/EmptyState'
import { Field } from '../../../components/ui/Field'
import { Icon } from '../../../components/ui/Icon'
import { Skeleton, SkeletonCard } from '../../../components/ui/Skeleton'
import { Table, type Column } from '../../../components/ui/Table'
import { serverMessageOr } from '../../../lib/server-message'
import { type AuditEvent, AuditEventItem, formatInstant, humaniseType, jobApplicationsPath, JsonView, kindLabel, streamKind, useAdminTitle } from '../../admin'
import { useStream } from '../api/get-stream'
import { useStreamDiff } from '../api/get-stream-diff'
import { useStreamState } from '../api/get-stream-state'
import { exactInstant, isoToLocalInput, localInputToIso } from '../model/auditFilters'
import { changeCount } from '../model/diff'
import { useReasonLabels } from '../api/get-rejection-reasons'
import { changeRows, recordFields, type ChangeRow, type RecordField } from '../model/recordFields'
import { justBefore, versionLabel, weekAgo, yesterday } from '../model/timeTravel'

export default function StreamPage() {
  const { streamId = '' } = useParams()
  const [params, setParams] = useSearchParams()
  const stream = useStream(streamId)
  const kind = stream.data?.kind ?? streamKind(streamId)
  const name = stream.data?.name
  useAdminTitle(name ? `${name} · ${kindLabel(kind)} history` : `${kindLabel(kind)} history`)
  const at = exactInstant(params.get('at') ?? '')
  const from = exactInstant(params.get('from') ?? '')
  const to = exactInstant(params.get('to') ?? '')
  const travelRef = useRef<HTMLHeadingElement>(null)
  const compareRef = useRef<HTMLHeadingElement>(null)

  const setParam = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params)
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v)
      else next.delete(k)
    }
    setParams(next, { replace: true })
  }
  const reveal = (ref: React.RefObject<HTMLHeadingElement | null>) => {
    ref.current?.scrollIntoView({ block: 'start' })
    ref.current?.focus({ preventScroll: true })
  }

  const back = (
    <Link to={`/dashboard/audit?stream=${encodeURIComponent(streamId)}`} className="ws-back">
      <Icon name="back" size={16} /> This record in the audit trail
    </Link>
  )

  if (stream.isPending) {
    return (
      <div className="ws-stack" aria-busy="true">
        <Skeleton height="1.5rem" width="40%" />
        <SkeletonCard />
        <SkeletonCard />
      </div>
    )
  }
  if (stream.isError) {
    return (
      <div className="ws-stack">
        <Link to="/dashboard/audit" className="ws-back">
          <Icon name="back" size={16} /> Audit trail
        </Link>
        {(stream.error as { status?: number }).status === 404 ? (
          <EmptyState title="No such record" icon="search" headingLevel={2}>
            <p>Nothing has ever been recorded under {streamId}. Check the id, or find the record in the audit trail.</p>
          </EmptyState>
        ) : (
          <LoadFailed error={stream.error} what="this record's history" onRetry={() => stream.refetch()} />
        )}
      </div>
    )
  }

  const events = stream.data.events
  const latest = events.length ? events[events.length - 1].stream_version : 0
  const last = events[events.length - 1]

  return (
    <div className="ws-stack">
      {back}
      <div className="ops-stream-head">
        <h2 className="ws-section-title">
          {kindLabel(kind)} history
          {name ? (
            <>
              {' '}
              <span className="ops-stream-name">{name}</span>
            </>
          ) : null}
        </h2>
        <p className="ws-muted">{events.length === 1 ? '1 event' : `${events.length} events`}</p>
        <details className="ops-details ops-details-quiet">
          <summary>Technical details</summary>
          <dl className="ops-dl">
            <dt>Stream id</dt>
            <dd>{stream.data.stream_id}</dd>
            <dt>Record kind</dt>
            <dd>{stream.data.kind}</dd>
            <dt>Latest version</dt>
            <dd>{latest}</dd>
          </dl>
        </details>
        {kind === 'job' ? (
          <p>
            <Link to={jobApplicationsPath(streamId.slice('job-'.length))}>Its applications</Link>: each one&rsquo;s stage, and its own history
          </p>
        ) : null}
      </div>

      <div className="ws-columns ops-stream-layout">
        <Card as="section" className="ops-panel" aria-labelledby="travel-heading">
          <h2 id="travel-heading" ref={travelRef} tabIndex={-1}>
            As it was at a moment
          </h2>
          <MomentForm
            key={`at-${at}`}
            initial={at}
            label="Moment"
            onPick={(v) => setParam({ at: v })}
            picks={[
              { label: 'Yesterday', value: () => yesterday() },
              { label: 'A week ago', value: () => weekAgo() },
              ...(last ? [{ label: 'Just before the latest event', value: () => justBefore(last) }] : []),
            ]}
          />
          {at ? <StateResult streamId={streamId} at={at} latest={latest} /> : <p className="ws-muted">Pick a moment, or one of the quick picks, to see the record as it stood then.</p>}
        </Card>

        <Card as="section" className="ops-panel" aria-labelledby="compare-heading">
          <h2 id="compare-heading" ref={compareRef} tabIndex={-1}>
            What changed between two moments
          </h2>
          <CompareForm
            key={`cmp-${from}-${to}`}
            from={from}
            to={to}
            onCompare={(f, t) => setParam({ from: f, to: t })}
          />
          {from && to ? <DiffResult streamId={streamId} from={from} to={to} /> : <p className="ws-muted">Pick two moments to list every field that changed between them.</p>}
        </Card>
      </div>

      <section className="ops-panel" aria-labelledby="history-heading">
        <h2 id="history-heading" className="ws-section-title">
          Full history, oldest first
        </h2>
        {events.length === 0 ? (
          <EmptyState title="No events" icon="clock">
            <p>Nothing has been recorded for this record.</p>
          </EmptyState>
        ) : (
          <ol className="ws-timeline ops-timeline" aria-labelledby="history-heading">
            {events.map((e) => (
              <li key={e.position}>
                <AuditEventItem
                  as="div"
                  event={e}
                  showStream={false}
                  actions={
                    <>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => {
                          setParam({ at: justBefore(e) })
                          reveal(travelRef)
                        }}
                        aria-label={`As it was just before event ${e.stream_version}, ${humaniseType(e.event_type)}`}
                      >
                        As it was before this
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => {
                          setParam({ from: justBefore(e), to: atEvent(e) })
                          reveal(compareRef)
                        }}
                        aria-label={`What event ${e.stream_version}, ${humaniseType(e.event_type)}, changed`}
                      >
                        What this changed
                      </Button>
                    </>
                  }
                />
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  )
}

/** The instant an event was recorded, as the server wrote it (microseconds kept): the state with it. */
const atEvent = (e: AuditEvent) => e.recorded_at

type Pick = { label: string; value: () => string }

function MomentForm({ initial, label, picks, onPick }: { initial: string; label: string; picks: Pick[]; onPick: (iso: string) => void }) {
  const [local, setLocal] = useState(isoToLocalInput(initial))
  const [error, setError] = useState<string | null>(null)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const iso = localInputToIso(local)
    if (!iso) return setError('Enter a valid date and time')
    setError(null)
    onPick(iso)
  }
  return (
    <form className="ws-stack" onSubmit={submit} noValidate>
      <div className="ops-picks" role="group" aria-label="Quick picks">
        {picks.map((p) => (
          <Button key={p.label} size="sm" variant="secondary" onClick={() => onPick(p.value())}>
            {p.label}
          </Button>
        ))}
      </div>
      <div className="ops-moment">
        <Field label={`${label} (your local time)`} error={error}>
          {(p) => <input {...p} className="input" type="datetime-local" value={local} onChange={(e) => setLocal(e.target.value)} />}
        </Field>
        <Button type="submit" variant="outline">
          Show
        </Button>
      </div>
    </form>
  )
}

function CompareForm({ from, to, onCompare }: { from: string; to: string; onCompare: (from: string, to: string) => void }) {
  const [f, setF] = useState(isoToLocalInput(from))
  const [t, setT] = useState(isoToLocalInput(to))
  const [error, setError] = useState<string | null>(null)
  const quick = (start: string) => onCompare(start, new Date().toISOString())
  return (
    <form
      className="ws-stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        const a = localInputToIso(f)
        const b = localInputToIso(t)
        if (!a || !b) return setError('Enter a valid date and time for both')
        if (a > b) return setError('The second moment is before the first')
        setError(null)
        onCompare(a, b)
      }}
    >
      <div className="ops-picks" role="group" aria-label="Quick comparisons">
        <Button size="sm" variant="secondary" onClick={() => quick(yesterday())}>
          Since yesterday
        </Button>
        <Button size="sm" variant="secondary" onClick={() => quick(weekAgo())}>
          Since a week ago
        </Button>
      </div>
      <div className="ops-pair">
        <Field label="From">{(p) => <input {...p} className="input" type="datetime-local" value={f} onChange={(e) => setF(e.target.value)} />}</Field>
        <Field label="To" error={error}>
          {(p) => <input {...p} className="input" type="datetime-local" value={t} onChange={(e) => setT(e.target.value)} />}
        </Field>
      </div>
      <div>
        <Button type="submit" variant="outline">
          Compare
        </Button>
      </div>
    </form>
  )
}

function StateResult({ streamId, at, latest }: { streamId: string; at: string; latest: number }) {
  const reasons = useReasonLabels()
  const state = useStreamState(streamId, at)
  if (state.isPending) return <Skeleton lines={4} />
  if (state.isError) {
    return (
      <div className="alert alert-info" role="alert">
        {serverMessageOr(state.error, 'The record could not be rebuilt for that moment. Please try again.')}
      </div>
    )
  }
  const s = state.data
  return (
    <div className="ws-stack" aria-live="polite">
      <p className="ws-muted">
        At <strong>{formatInstant(s.at || at)}</strong>: {versionLabel(s.version, latest)}
      </p>
      {s.state === null || s.version === 0 ? (
        <p className="ws-muted">It did not exist yet at that moment{latest ? ': its first event came later' : ''}.</p>
      ) : (
        <>
          <div className="ops-fields">
            <Table caption={`The record as it was at ${formatInstant(s.at || at)}`} columns={FIELD_COLUMNS} rows={recordFields(s.state, reasons)} rowKey={(r) => r.key} />
          </div>
          <details className="ops-details">
            <summary>Raw data</summary>
            <JsonView value={s.state} label={`Raw data as it was at ${formatInstant(s.at || at)}`} />
          </details>
        </>
      )}
    </div>
  )
}

function DiffResult({ streamId, from, to }: { streamId: string; from: string; to: string }) {
  const reasons = useReasonLabels()
  const diff = useStreamDiff(streamId, { from, to })
  if (diff.isPending) return <Skeleton lines={3} />
  if (diff.isError) {
    return (
      <div className="alert alert-info" role="alert">
        {serverMessageOr(diff.error, 'The two moments could not be compared. Please try again.')}
      </div>
    )
  }
  const d = diff.data
  return (
    <div className="ws-stack" aria-live="polite">
      <p className="ws-muted">
        From <strong>{formatInstant(d.from.at || from)}</strong> (version {d.from.version}) to <strong>{formatInstant(d.to.at || to)}</strong> (version {d.to.version}):{' '}
        {changeCount(d.changes.length).toLowerCase()}
      </p>
      {d.changes.length === 0 ? null : (
        <>
          <div className="ops-fields">
            <Table caption="What changed" columns={CHANGE_COLUMNS} rows={changeRows(d.changes, reasons)} rowKey={(r) => r.key} />
          </div>
          <details className="ops-details">
            <summary>Raw changes</summary>
            <JsonView value={d.changes} label="Raw changes (JSON Patch paths)" />
          </details>
        </>
      )}
    </div>
  )
}

const NOT_SET = '(not set)'
const shown = (text: string, erased: boolean, cls?: string) =>
  erased ? <span className="ops-erased">Erased</span> : text === NOT_SET || !cls ? text : <span className={cls}>{text}</span>

const FIELD_COLUMNS: Column<RecordField>[] = [
  { key: 'field', header: 'Field', cell: (r) => r.label },
  { key: 'value', header: 'Value', cell: (r) => shown(r.value, r.erased) },
]

const CHANGE_COLUMNS: Column<ChangeRow>[] = [
  { key: 'field', header: 'Field', cell: (r) => r.field },
  { key: 'before', header: 'Before', cell: (r) => shown(r.before, r.beforeErased, 'ops-before') },
  { key: 'after', header: 'After', cell: (r) => shown(r.after, r.afterErased, 'ops-after') },
]
