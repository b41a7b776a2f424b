/**
 * The shapes of the admin operations screens (jobs, applications, audit trail, projections,
 * analytics), as docs/API.md ("Admin") gives them. Times are RFC 3339 UTC.
 */

import type { Stage as OpsStage } from '../../lib/stages'

export { STAGES as OPS_STAGES, type Stage as OpsStage } from '../../lib/stages'

/** The statuses GET /api/admin/jobs filters by (the contract said "active"; the server says "open"). */
export const JOB_STATUSES = ['draft', 'open', 'closed'] as const
export type JobStatus = (typeof JOB_STATUSES)[number]
/** A row may also be "expired": on the board's terms closed, though nobody closed it. */
export type JobRowStatus = JobStatus | 'expired'

/** GET /api/admin/jobs: one row per job, any employer, any status (newest 500). */
export type AdminJob = {
  id: string
  title: string
  company: string
  employer_id: string
  status: JobRowStatus | string
  location: string | null
  specialisation: string | null
  applications: number
  posted_at: string | null
  closes_at: string | null
  closed_reason: string | null
  closed_by_agency: boolean
}

/** GET /api/admin/applications: the agency-wide pipeline (newest 500). */
export type AdminApplication = {
  id: string
  job_id: string
  job_title: string
  company: string
  employer_id: string
  candidate_id: string
  candidate_name: string
  stage: OpsStage | string
  specialisation: string | null
  applied_at: string
  updated_at: string | null
  withdrawn_at?: string | null
}

/** The employers list, as far as the filters need it. */
export type EmployerOption = { id: string; name: string; email: string; company: string | null; status: string }

/** One event of the global log. Personal fields come decrypted, or as the string "[erased]". */
export type AuditEvent = {
  position: number
  event_id: string
  stream_id: string
  stream_version: number
  event_type: string
  /** what happened as one sentence with names, never ids ("Mei Chen moved Priya Raman to Interview") */
  summary: string
  schema_version: number
  recorded_at: string
  actor_id: string | null
  actor_name: string | null
  actor_role: string | null
  request_id: string | null
  correlation_id: string
  causation_id: string | null
  payload: Record<string, unknown>
}

export type EventsPage = { events: AuditEvent[]; next_before: number | null }

export type StreamHistory = { stream_id: string; kind: string; events: AuditEvent[] }

export type StreamState = { stream_id: string; at: string; version: number; state: Record<string, unknown> | null }

export type StreamChange = { op: 'add' | 'remove' | 'replace'; path: string; from_value?: unknown; value?: unknown }

export type StreamDiff = {
  from: { at: string; version: number; state: Record<string, unknown> | null }
  to: { at: string; version: number; state: Record<string, unknown> | null }
  changes: StreamChange[]
}

export type ProjectorStatus = {
  name: string
  status: string
  last_position: number
  events_seen: number
  lag: number
  last_error: string | null
  failing_since: string | null
  attempts: number
  updated_at: string | null
}

export type RebuildStatus = {
  name: string
  done: number
  total: number
  started_at: string
  finished_at: string | null
  error: string | null
}

export type ProjectionsStatus = { projectors: ProjectorStatus[]; rebuild: RebuildStatus | null }

/** The socket's `rebuild_progress` event. */
export type RebuildProgress = { name: string; done: number; total: number; finished: boolean; error: string | null }

export type NamedCount = { name: string; count: number }

export type Analytics = {
  per_week: { week: string; applications: number }[]
  funnel: { stage: string; count: number }[]
  time_to_first_response: { median_days: number | null; p90_days: number | null; responded: number; waiting: number }
  time_to_fill: { median_days: number | null; filled: number }
  by_specialisation: NamedCount[]
  by_location: NamedCount[]
  by_employer: NamedCount[]
  /** Job alerts created and alert mails sent (instant ones and digests), per Sydney week. */
  job_alerts: { week: string; alerts_created: number; mails_sent: number }[]
}
