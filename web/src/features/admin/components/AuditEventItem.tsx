/** One event of the audit trail: what happened, when, to which record, by whom; its metadata and payload behind "Details". */
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { actorLabel, eventSummaryParts, formatInstant, humaniseType, isErased, kindLabel, shortStream, streamKind } from '../model/auditEvent'
import type { AuditEvent } from '../types-ops'
import { JsonView } from './OpsParts'

type Props = {
  event: AuditEvent
  /** false on the stream page, where every event is of the same stream */
  showStream?: boolean
  /** extra buttons under the event (time travel on the stream page) */
  actions?: ReactNode
  as?: 'li' | 'div'
}

export function AuditEventItem({ event: e, showStream = true, actions, as: Tag = 'li' }: Props) {
  const summary = eventSummaryParts(e.payload)
  return (
    <Tag className="ops-event">
      <div className="ops-event-head">
        <span className="ops-event-pos">#{e.position}</span>
        <span className="ops-event-type">{humaniseType(e.event_type)}</span>
        <time dateTime={e.recorded_at} className="ws-muted ws-small">
          {formatInstant(e.recorded_at)}
        </time>
      </div>
      {summary.length ? (
        <p className="ops-event-summary">
          {summary.map((part, i) => (
            <span key={i}>
              {i > 0 ? ' · ' : ''}
              {isErased(part) ? <span className="ops-erased">[erased]</span> : part}
            </span>
          ))}
        </p>
      ) : null}
      <div className="ops-event-meta">
        <span>
          By{' '}
          {e.actor_id ? (
            <Link to={`/dashboard/audit?actor=${encodeURIComponent(e.actor_id)}`} title="Everything this account did">
              {actorLabel(e)}
            </Link>
          ) : (
            actorLabel(e)
          )}
        </span>
        {showStream ? (
          <span>
            {kindLabel(streamKind(e.stream_id))}:{' '}
            <Link to={`/dashboard/audit/streams/${encodeURIComponent(e.stream_id)}`} aria-label={`History of ${e.stream_id}`}>
              {shortStream(e.stream_id)}
            </Link>{' '}
            (version {e.stream_version})
          </span>
        ) : (
          <span>Version {e.stream_version}</span>
        )}
      </div>
      <details className="ops-details">
        <summary>
          Details<span className="visually-hidden"> of event {e.position}</span>
        </summary>
        <dl className="ops-dl">
          <dt>Event type</dt>
          <dd>{e.event_type}</dd>
          <dt>Event id</dt>
          <dd>{e.event_id}</dd>
          <dt>Stream</dt>
          <dd>{e.stream_id}</dd>
          <dt>Request id</dt>
          <dd>{e.request_id ?? '(none)'}</dd>
          <dt>Correlation id</dt>
          <dd>{e.correlation_id}</dd>
          <dt>Causation id</dt>
          <dd>{e.causation_id ?? '(none: it started the chain)'}</dd>
          <dt>Schema version</dt>
          <dd>{e.schema_version}</dd>
          <dt>Recorded at</dt>
          <dd>{e.recorded_at}</dd>
          {e.actor_id ? (
            <>
              <dt>Actor id</dt>
              <dd>{e.actor_id}</dd>
            </>
          ) : null}
        </dl>
        <JsonView value={e.payload} label={`Payload of event ${e.position}`} />
      </details>
      {actions ? <div className="ws-actions">{actions}</div> : null}
    </Tag>
  )
}
