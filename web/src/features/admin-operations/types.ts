/**
 * The shapes of the operations screens (jobs, applications, projections, analytics, the mail
 * outbox, reference data), as docs/API.md ("Admin") gives them: the server's types. Times are
 * RFC 3339 UTC.
 */
import type { ApiSchema } from '../../api'

/** The statuses GET /api/admin/jobs filters by (the contract said "active"; the server says "open"). */
export const JOB_STATUSES = ['draft', 'open', 'closed'] as const
export type JobStatus = (typeof JOB_STATUSES)[number]
/** A row may also be "expired": on the board's terms closed, though nobody closed it. */
export type { JobRowStatus } from '../admin'

/** GET /api/admin/jobs: one row per job, any employer, any status (newest 500); `status` is a JobRowStatus. */
export type AdminJob = ApiSchema<'AgencyJob'>

/** GET /api/admin/applications: the agency-wide pipeline (newest 500); `stage` is an OpsStage;
 *  `candidate_email` tells apart two candidates of the same name. */
export type AdminApplication = ApiSchema<'AgencyApplication'>

/** The employers list, as far as the filters need it. */
export type EmployerOption = Pick<ApiSchema<'AccountRow'>, 'id' | 'name' | 'email' | 'company' | 'status'>

export type ProjectorStatus = ApiSchema<'ProjectorStatus'>

/** The rebuild running or last run, as GET /api/admin/projections reports it. */
export type RebuildStatus = ApiSchema<'RebuildProgress'>

export type ProjectionsStatus = ApiSchema<'Projectors'>

/** The socket's `rebuild_progress` event. */
export type RebuildProgress = { name: string; done: number; total: number; finished: boolean; error: string | null }

export type NamedCount = ApiSchema<'NamedCount'>

export type Analytics = ApiSchema<'Analytics'>

export const MAIL_STATES = ['queued', 'sent', 'failed'] as const
export type MailState = (typeof MAIL_STATES)[number]

/** GET /api/admin/outbox: one mail; `state` is queued, sent or failed. */
export type OutboxMail = ApiSchema<'OutboxMail'>

/** GET /api/admin/reference/locations and /salary-ranges: every value; retired ones carry `retired_at`. */
export type Location = ApiSchema<'AdminLocation'>
export type SalaryRange = ApiSchema<'AdminSalaryRange'>
export type ReferenceList = 'locations' | 'salary-ranges'
