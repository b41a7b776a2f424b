/** Shapes of the employer workspace, as docs/API.md ("Employer jobs" to "Employer applicant") describes them. */
import type { Stage } from '../../lib/stages'
import type { Job } from '../jobs'

export { STAGES, type Stage } from '../../lib/stages'

export type StageCounts = Record<Stage, number> & { total: number }

export type EmployerJobStatus = 'draft' | 'open' | 'closed' | 'expired'

export type EmployerJob = Omit<Job, 'status'> & { status: EmployerJobStatus | string; applications: StageCounts }

export type PipelineCard = {
  id: string
  job_id: string
  candidate_id: string
  candidate_name: string
  candidate_email: string
  stage: Stage
  status: string
  version: number
  feedback: string | null
  resume_id: string | null
  cover_letter_id: string | null
  created_at: string
  last_updated: string | null
  withdrawn_at?: string | null
  /** when the card entered its present stage */
  stage_entered_at: string
  /** whole days since stage_entered_at, as the server answered */
  days_in_stage: number
  /** the average of its scorecards' overall scores (1 to 5, one decimal); null without one */
  rating: number | null
  scorecards: number
  /** the resume's file name (null without a resume) */
  resume_name: string | null
}

export type PipelineSort = 'newest' | 'oldest' | 'name' | 'updated'

export type PipelineFilter = { stage?: Stage | ''; q?: string; from?: string; to?: string; sort?: PipelineSort }

export type Pipeline = { job: Job; counts: StageCounts; stages: Stage[]; applications: PipelineCard[] }

export type JobBody = {
  title: string
  location_id: string
  type: string
  salary?: string
  salary_range_id?: string
  description: string
  responsibilities?: string[]
  requirements?: string[]
  expires_at?: string
  specialisation: string
  draft?: boolean
}

/** One line of an applicant's history, said by the server ("Moved to Interview by Mei Chen"). */
export type HistoryEntry = {
  at: string
  kind: 'submitted' | 'moved' | 'status_changed' | 'withdrawn' | 'note_added' | 'scorecard_added' | 'interview_booked' | 'interview_moved' | 'interview_cancelled' | string
  summary: string
  /** What the team told the candidate with a move, or the reason for a withdrawal or a cancelled interview. */
  detail: string | null
}

export type Note = { id: string; author_id: string; body: string; created_at: string }

export const RECOMMENDATIONS = ['strong_yes', 'yes', 'no', 'strong_no'] as const
export type Recommendation = (typeof RECOMMENDATIONS)[number]

export type Scorecard = {
  id: string
  author_id: string
  ratings: { criterion: string; score: number }[]
  recommendation: Recommendation
  comment: string | null
  created_at: string
}

export type Interview = {
  id: string
  application_id: string
  job_title: string
  starts_at: string
  duration_minutes: number
  location: string | null
  video_link: string | null
  interviewers: string[]
  status: 'scheduled' | 'cancelled' | string
  cancel_reason: string | null
  updated_at: string
}

export type ApplicantDocument = {
  id: string
  title: string
  document_type: string
  original_name: string
  file_size: number
  created_at: string
}

export type ApplicantProfile = {
  name?: string
  email?: string
  phone?: string | null
  location?: string | null
  summary?: string | null
  skills?: string | string[] | null
  education?: { degree: string; institution: string; field?: string; graduationYear?: string | null }[]
  experience?: { company: string; position: string; startDate?: string | null; endDate?: string | null; description?: string }[]
}

export type ApplicantDetail = {
  application: PipelineCard
  job: { id: string; title: string; status: string }
  profile: ApplicantProfile | null
  documents: ApplicantDocument[]
  history: HistoryEntry[]
  notes: Note[]
  scorecards: Scorecard[]
  interviews: Interview[]
}

export type InterviewBody = {
  starts_at_local: string
  duration_minutes: number
  location?: string
  video_link?: string
  interviewers?: string[]
}

export type CompanyProfile = {
  id: string
  name: string
  website: string | null
  about: string | null
  location: string | null
  has_logo: boolean
  updated_at: string
}

export type CompanyBody = { name: string; website?: string; about?: string; location?: string }

export type JobReport = {
  counts: StageCounts
  by_week: { week: string; applications: number }[]
  median_first_response_hours: number | null
  responded: number
  median_days_to_hire: number | null
  hired: number
}
