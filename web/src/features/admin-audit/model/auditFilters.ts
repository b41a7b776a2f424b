/**
 * The audit trail's filters and cursor in the address bar: ?stream=&type=&actor=&from=&to=&before=
 * from/to are RFC 3339 instants (UTC), shown in the browser's own time zone in the inputs;
 * before is the keyset cursor (a global position) the server handed back as next_before.
 */
import { hasAny, readParams, writeParams } from '../../admin'

export type AuditFilters = { stream: string; type: string; actor: string; from: string; to: string; before: string }

const KEYS = ['stream', 'type', 'actor', 'from', 'to', 'before'] as const
const FILTER_KEYS = ['stream', 'type', 'actor', 'from', 'to'] as const

export const EMPTY_AUDIT_FILTERS: AuditFilters = { stream: '', type: '', actor: '', from: '', to: '', before: '' }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const isUuid = (s: string) => UUID.test(s)

/** An instant as the server takes it, or '' when the text is not one. */
export function normaliseInstant(value: string): string {
  if (!value) return ''
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? '' : d.toISOString()
}

/**
 * An instant kept exactly as written when it is one (the server's microseconds included: a
 * Date would cut them to milliseconds and land before the event it names), else ''.
 */
export function exactInstant(value: string): string {
  const v = value.trim()
  return v && /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(new Date(v).getTime()) ? v : ''
}

export function auditFiltersFromParams(params: URLSearchParams): AuditFilters {
  const raw = readParams(params, KEYS)
  const before = /^\d+$/.test(raw.before) && Number(raw.before) > 0 ? raw.before : ''
  return { ...raw, from: normaliseInstant(raw.from), to: normaliseInstant(raw.to), before }
}

export const auditFiltersToParams = (f: AuditFilters) => writeParams(f, KEYS)

/** Whether any filter (not the cursor) narrows the log. */
export const auditFiltersActive = (f: AuditFilters) => hasAny(f, FILTER_KEYS)

/** The query of GET /api/admin/events for these filters (limit is the caller's). */
export function auditQuery(f: AuditFilters): Record<string, string> {
  const q: Record<string, string> = {}
  if (f.stream) q.stream = f.stream
  if (f.type) q.type = f.type
  if (f.actor) q.actor = f.actor
  if (f.from) q.from = f.from
  if (f.to) q.to = f.to
  if (f.before) q.before = f.before
  return q
}

/** What is wrong with the filters before asking the server (the server's own texts), or null. */
export function auditFilterProblem(f: AuditFilters): string | null {
  if (f.actor && !isUuid(f.actor)) return 'Filter by a valid account id'
  if (f.from && f.to && f.from > f.to) return 'The end time is before the start time'
  return null
}

const pad = (n: number) => String(n).padStart(2, '0')

/** An instant as a datetime-local value in the browser's time zone ('' for none). */
export function isoToLocalInput(iso: string): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** A datetime-local value (the browser's time zone) as an RFC 3339 instant in UTC ('' for none). */
export function localInputToIso(local: string): string {
  if (!local) return ''
  const d = new Date(local)
  return Number.isNaN(d.getTime()) ? '' : d.toISOString()
}

const HOUR = 3600_000
/** The audit trail's one-click time ranges, each open-ended from `ms` ago. */
export const QUICK_RANGES = [
  { label: 'Last hour', ms: HOUR },
  { label: 'Last 24 hours', ms: 24 * HOUR },
  { label: 'Last 7 days', ms: 7 * 24 * HOUR },
]

/** Whether the filter is still the quick range `ms` (open-ended, starting `ms` ago): within a
 *  twentieth of the range, so "Last hour" stays chosen for three minutes, "Last 7 days" for eight
 *  hours, and then reads as the fixed range it has become. */
export function isQuickRange(f: Pick<AuditFilters, 'from' | 'to'>, ms: number, now = Date.now()): boolean {
  if (f.to || !f.from) return false
  const from = Date.parse(f.from)
  return Number.isFinite(from) && Math.abs(now - ms - from) <= ms / 20
}
