/**
 * One event of the audit trail read as a sentence first ("Priya Raman applied to Senior Rust
 * Engineer", made by the server with names), then when and which record. What an auditor quotes
 * (the type name, the event's number in the log, its ids, the raw payload) sits one click away in a
 * quiet "Technical details" disclosure: none of it in the text a recruiter reads. The number is on
 * the item too, as `data-position`, for a script to read.
 */
import { useId, type ReactNode } from 'react'
import { Link } from 'react-router'
import { formatRelativeTime } from '../../../lib/format'
import { eventHeadline, eventQuote } from '../model/activity'
import { formatInstant, isErased, kindLabel, streamKind } from '../model/auditEvent'
import type { AuditEvent } from '../types'
import { JsonView } from './JsonView'

type Props = {
  event: AuditEvent
  /** false on the stream page, where every event is of the same stream */
  showStream?: boolean
  /** extra buttons under the event (time travel on the stream page) */
  actions?: ReactNode
  as?: 'li' | 'div'
  /** "3 minutes ago" rather than the full instant (the overview's feed) */
  relative?: boolean
  /** a link to everything the actor did (off where the list is that already) */
  actorLink?: boolean
  /** what a decision told someone, quoted under it (off in the overview's short feed) */
  quote?: boolean
}

export function AuditEventItem({ event: e, showStream = true, actions, as: Tag = 'li', relative = false, actorLink = true, quote: quoted = true }: Props) {
  const kind = kindLabel(streamKind(e.stream_id))
  const quote = quoted ? eventQuote(e) : null
  const headlineId = useId()
  return (
    <Tag className="ops-event" data-position={e.position}>
      <p className="ops-event-summary" id={headlineId}>
        {eventHeadline(e)}
      </p>
      {quote ? (
        <figure className="ops-event-quote">
          <figcaption>{quote.label}</figcaption>
          <blockquote>{quote.text}</blockquote>
        </figure>
      ) : null}
      <div className="ops-event-meta">
        <time dateTime={e.recorded_at} title={formatInstant(e.recorded_at)}>
          {relative ? formatRelativeTime(e.recorded_at) : formatInstant(e.recorded_at)}
        </time>
        {showStream ? (
          <Link to={`/dashboard/audit/streams/${encodeURIComponent(e.stream_id)}`} aria-describedby={headlineId}>
            {kind} history
          </Link>
        ) : (
          <span>Version {e.stream_version}</span>
        )}
        {actorLink && e.actor_id && e.actor_name && !isErased(e.actor_name) ? (
          <Link to={`/dashboard/audit?actor=${encodeURIComponent(e.actor_id)}`}>More by {e.actor_name}</Link>
        ) : null}
      </div>
      <RawEvent event={e} />
      {actions ? <div className="ws-actions">{actions}</div> : null}
    </Tag>
  )
}

/** The event as it was recorded: its type, its number in the log, its metadata and its payload, closed until asked for. */
export function RawEvent({ event: e }: { event: AuditEvent }) {
  return (
    <details className="ops-details ops-details-quiet">
      <summary>Technical details</summary>
      <dl className="ops-dl">
        <dt>Event type</dt>
        <dd>{e.event_type}</dd>
        <dt>Event number</dt>
        <dd>{e.position}</dd>
        <dt>Event id</dt>
        <dd>{e.event_id}</dd>
        <dt>Stream</dt>
        <dd>{e.stream_id}</dd>
        <dt>Version</dt>
        <dd>{e.stream_version}</dd>
        <dt>Actor</dt>
        <dd>
          {e.actor_role ?? 'system'}
          {e.actor_id ? (
            <>
              {' '}
              <Link to={`/dashboard/audit?actor=${encodeURIComponent(e.actor_id)}`} title="Everything this account did">
                {e.actor_id}
              </Link>
            </>
          ) : null}
        </dd>
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
      </dl>
      <JsonView value={e.payload} label={`Payload of event ${e.position}`} />
    </details>
  )
}
