/**
 * The shapes of the admin workspace's people and operations screens (overview, employers,
 * candidates, inbox, outbox, reference data, admins), as docs/API.md ("Admin") gives them.
 * Times are RFC 3339 UTC.
 */
import type { Application, CandidateDocument } from '../candidate'
import type { AuditEvent } from './types-ops'

export const EMPLOYER_STATUSES = ['pending', 'active', 'suspended', 'rejected'] as const
export type EmployerStatus = (typeof EMPLOYER_STATUSES)[number]

/** GET /api/admin/employers: one employer account. */
export type AdminEmployer = {
  id: string
  name: string
  email: string
  company: string | null
  phone?: string | null
  status: EmployerStatus | string
  created_at: string
  updated_at?: string
  reason?: string | null
}

/** GET /api/admin/overview: what needs attention now, and the newest events. */
export type Attention = {
  pending_employers: number
  open_enquiries: number
  unassigned_enquiries: number
  failed_mail: number
  queued_mail: number
  projections_behind: number
  projections_failing: number
}
export type Overview = { attention: Attention; recent: AuditEvent[] }

/** GET /api/admin/contact-messages: one enquiry from the public contact form. */
export type Enquiry = {
  id: string
  first_name: string
  last_name: string
  email: string
  phone: string | null
  message: string
  received_at: string
  assigned_to: string | null
  replies: number
  last_reply_at: string | null
  handled_at: string | null
}

export const MAIL_STATES = ['queued', 'sent', 'failed'] as const
export type MailState = (typeof MAIL_STATES)[number]

/** GET /api/admin/outbox: one mail. */
export type OutboxMail = {
  id: string
  recipient: string
  subject: string
  state: MailState | string
  attempts: number
  last_error: string | null
  created_at: string
  sent_at: string | null
  next_attempt_at: string | null
}

/** GET /api/admin/reference/locations and /salary-ranges: every value; retired ones carry `retired_at`. */
export type Location = { id: string; display_name: string; state: string; retired_at?: string | null }
export type SalaryRange = { id: string; display_name: string; min: number; max: number | null; retired_at?: string | null }
export type ReferenceList = 'locations' | 'salary-ranges'

/** GET /api/admin/candidates?q=: accounts of candidates. */
export type CandidateRow = {
  id: string
  name: string
  email: string
  phone: string | null
  status: string
  created_at: string
}

export type RecordAccess = { viewed_by: string; viewed_by_name: string | null; viewed_at: string }

/**
 * A candidate's documents and applications in their record: the server sends the same shapes the
 * candidate portal reads, so the candidate feature owns them.
 */
export type { CandidateDocument }
export type CandidateApplication = Application

/** GET /api/admin/candidates/{id}: opening it is itself recorded (CandidateRecordViewed). */
export type CandidateRecord = {
  account: CandidateRow
  profile: Record<string, unknown> | null
  documents: CandidateDocument[]
  applications: CandidateApplication[]
  access_log: RecordAccess[]
}

/** GET /api/admin/admins */
/** GET /api/admin/two-factor: the signed-in admin's own two-factor sign-in. */
export type TwoFactorStatus = { enabled: boolean; recovery_codes_left: number }
/** POST /api/admin/two-factor/setup: a new secret; `qr_svg` is an SVG document of the otpauth URL. */
export type TwoFactorSetup = { secret: string; otpauth_url: string; qr_svg: string }
/** POST /api/admin/two-factor/confirm: the recovery codes, shown this once, and this session's new token (every other one ends). */
export type TwoFactorConfirmed = { message?: string; recovery_codes: string[]; token?: string }

export type AdminAccount = { id: string; name: string; email: string; created_at: string; is_you: boolean; two_factor: boolean }

/** GET /api/admin/erasures: one erasure of personal data, newest first (issue 12). */
export type ErasureSubjectKind = 'candidate' | 'employer' | 'contact_message'
export type ErasureGrounds = 'person_asked' | 'admin_decision' | 'retention_period'
export type Erasure = {
  subject_id: string
  subject_kind: ErasureSubjectKind | string
  grounds: ErasureGrounds | string
  requested_by: string | null
  requested_by_name: string | null
  erased_at: string
  /** null while the erasure is still being carried out */
  completed_at: string | null
}

/** The answer of most commands. */
export type MessageReply = { message?: string }
