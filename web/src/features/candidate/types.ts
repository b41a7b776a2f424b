/** Entities the candidate portal reads and writes (SPEC 3, docs/API.md). Job and ReferenceItem are the jobs feature's. */

export type ApplicationStatus = 'pending' | 'accepted' | 'rejected'

export type Application = {
  id: string
  job_id: string
  job_title: string
  company: string
  status: string
  created_at: string
  last_updated?: string | null
  feedback?: string | null
  /** Where it stands in the candidate's words, beside `status`: received, in_review, interview,
   *  offer, hired, not_progressed (docs/API.md; model/standing.ts reads it). */
  progress?: string | null
  /** The interviews booked for it, soonest first (docs/API.md "Employer applicant"). */
  interviews?: ApplicationInterview[]
}

export type ApplicationInterview = {
  id: string
  application_id: string
  job_title: string
  starts_at: string
  duration_minutes: number
  location?: string | null
  video_link?: string | null
  interviewers?: string[] | null
  /** `scheduled` or `cancelled`. */
  status: string
  cancel_reason?: string | null
  updated_at: string
}

/** SPEC 3's four types and `resume` (issue 27): a resume uploaded while applying is filed as one. */
export const DOCUMENT_TYPES = ['resume', 'cover_letter', 'portfolio', 'certificate', 'other'] as const
export type DocumentType = (typeof DOCUMENT_TYPES)[number]

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  resume: 'Resume',
  cover_letter: 'Cover Letter',
  portfolio: 'Portfolio',
  certificate: 'Certificate',
  other: 'Other',
}

export type CandidateDocument = {
  id: string
  title: string
  description?: string | null
  document_type: DocumentType | string
  original_name: string
  file_size: number
  created_at: string
  /** When it last went with one of the candidate's applications (docs/API.md). */
  last_used_at?: string | null
}

export type DocumentStat = { document_type: string; count: number }

export type Education = {
  degree: string
  institution: string
  field: string
  graduationYear: string | null
}

export type Experience = {
  company: string
  position: string
  startDate: string | null
  endDate: string | null
  description: string
}

export type Profile = {
  name: string
  email: string
  phone: string | null
  location: string | null
  summary: string | null
  skills: string | string[] | null
  languages: string | string[] | null
  linkedin: string | null
  portfolio: string | null
  education: Education[]
  experience: Experience[]
  resumeFilename: string | null
  resumeOriginalName: string | null
}

export type CandidateUser = { id: string; name: string; email: string; phone?: string | null; role?: string }
