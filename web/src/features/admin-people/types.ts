/**
 * The shapes of the people screens (employers, candidates, the contact inbox, erasures), as
 * docs/API.md ("Admin") gives them: the server's types. Times are RFC 3339 UTC.
 */
import type { ApiSchema } from '../../api'
import type { CandidateDocument } from '../candidate'

/** An account's status as the server lists it: an employer's, an admin's `removed`, or `erased`. */
export type AccountStatus = ApiSchema<'AccountRowStatus'>

/** The statuses the employers screen filters by (the server refuses any other). */
export const EMPLOYER_STATUSES = ['pending', 'active', 'suspended', 'rejected'] as const satisfies readonly AccountStatus[]
export type EmployerStatus = (typeof EMPLOYER_STATUSES)[number]

/** GET /api/admin/employers: one employer account; `reason` says why it was rejected or suspended. */
export type AdminEmployer = ApiSchema<'AccountRow'>

/** GET /api/admin/employers/{id}: the account and its company profile (null until the employer saves one). */
export type EmployerRecord = ApiSchema<'EmployerRecord'>
export type CompanyProfile = ApiSchema<'CompanyProfile'>

/** GET /api/admin/jobs?employer_id=: one of the employer's jobs, any status (newest 500). */
export type EmployerJobRow = ApiSchema<'AgencyJob'>

/** GET /api/admin/streams/account-{id} and GET /api/admin/events?actor=: an employer's history and activity. */
export type StreamHistory = ApiSchema<'StreamHistory'>
export type EventsPage = ApiSchema<'EventPage'>

/** GET /api/admin/contact-messages: one enquiry from the public contact form. */
export type Enquiry = ApiSchema<'ContactMessage'>

/** GET /api/admin/candidates?q=: accounts of candidates. */
export type CandidateRow = ApiSchema<'AccountRow'>

export type RecordAccess = ApiSchema<'Access'>

/**
 * A candidate's documents and applications in their record: the server sends the same shapes the
 * candidate portal reads (an application without the candidate's interviews).
 */
export type { CandidateDocument }
/** An application on a candidate's record: what they see (`status`, and `progress`, the plain words their portal gives it) and the pipeline's `stage`. */
export type CandidateApplication = ApiSchema<'RecordApplication'>

/** GET /api/admin/candidates/{id}: opening it is itself recorded (CandidateRecordViewed). */
export type CandidateRecord = ApiSchema<'CandidateRecord'>

/** GET /api/admin/erasures: one erasure of personal data, newest first (issue 12); `completed_at` is null while it is still being carried out. */
export type ErasureSubjectKind = ApiSchema<'SubjectKind'>
export type ErasureGrounds = ApiSchema<'Grounds'>
export type Erasure = ApiSchema<'ErasureRow'>
