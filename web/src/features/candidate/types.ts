/** Entities the candidate portal reads and writes (SPEC 3, docs/API.md): the server's types. Job and ReferenceItem are the jobs feature's. */
import { everyOf, type ApiSchema } from '../../api'

/**
 * One of the candidate's own applications: `progress` is where it stands in their words, beside
 * `status` (model/standing.ts reads it), and `interviews` are those booked for it, soonest first.
 */
export type Application = ApiSchema<'MyApplication'>

/** `status` is `scheduled` or `cancelled`. */
export type ApplicationInterview = ApiSchema<'InterviewRow'>

/** SPEC 3's four types and `resume` (issue 27): a resume uploaded while applying is filed as one. */
export type DocumentType = ApiSchema<'DocumentType'>
export const DOCUMENT_TYPES = everyOf<DocumentType>()(['resume', 'cover_letter', 'portfolio', 'certificate', 'other'])

/** The type a select's value names (its options are the types), `other` for anything else. */
export const documentTypeOf = (raw: string): DocumentType => DOCUMENT_TYPES.find((t) => t === raw) ?? 'other'

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  resume: 'Resume',
  cover_letter: 'Cover Letter',
  portfolio: 'Portfolio',
  certificate: 'Certificate',
  other: 'Other',
}

/** `last_used_at`: when it last went with one of the candidate's applications (docs/API.md). */
export type CandidateDocument = ApiSchema<'Document'>

export type DocumentStat = ApiSchema<'Stat'>

export type Education = ApiSchema<'Education'>

export type Experience = ApiSchema<'Experience'>

/** The candidate's profile with their email and the resume on file. */
export type Profile = ApiSchema<'ProfileView'>

export type CandidateUser = ApiSchema<'CandidateAccountView'>
