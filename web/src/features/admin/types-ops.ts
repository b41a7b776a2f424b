/**
 * The shapes of the admin operations screens (jobs, applications, audit trail, projections,
 * analytics), as docs/API.md ("Admin") gives them: the server's types. Times are RFC 3339 UTC.
 */
import type { ApiSchema } from '../../api'

export { STAGES as OPS_STAGES, type Stage as OpsStage } from '../../lib/stages'

/** The statuses GET /api/admin/jobs filters by (the contract said "active"; the server says "open"). */
export const JOB_STATUSES = ['draft', 'open', 'closed'] as const
export type JobStatus = (typeof JOB_STATUSES)[number]
/** A row may also be "expired": on the board's terms closed, though nobody closed it. */
export type JobRowStatus = JobStatus | 'expired'

/** GET /api/admin/jobs: one row per job, any employer, any status (newest 500); `status` is a JobRowStatus. */
export type AdminJob = ApiSchema<'AgencyJob'>

/** GET /api/admin/applications: the agency-wide pipeline (newest 500); `stage` is an OpsStage. */
export type AdminApplication = ApiSchema<'AgencyApplication'>

/** The employers list, as far as the filters need it. */
export type EmployerOption = Pick<ApiSchema<'AccountRow'>, 'id' | 'name' | 'email' | 'company' | 'status'>

/** One event of the global log. Personal fields come decrypted, or as the string "[erased]". */
export type AuditEvent = ApiSchema<'AuditEvent'>

export type EventsPage = ApiSchema<'EventPage'>

export type StreamHistory = ApiSchema<'StreamHistory'>

export type StreamState = ApiSchema<'StateAt'>

/** `op` is add, remove or replace. */
export type StreamChange = ApiSchema<'Difference'>

export type StreamDiff = ApiSchema<'StateDiff'>

export type ProjectorStatus = ApiSchema<'ProjectorStatus'>

/** The rebuild running or last run, as GET /api/admin/projections reports it. */
export type RebuildStatus = ApiSchema<'RebuildProgress'>

export type ProjectionsStatus = ApiSchema<'Projectors'>

/** The socket's `rebuild_progress` event. */
export type RebuildProgress = { name: string; done: number; total: number; finished: boolean; error: string | null }

export type NamedCount = ApiSchema<'NamedCount'>

export type Analytics = ApiSchema<'Analytics'>
