/** Shapes of the employer workspace, as docs/API.md ("Employer jobs" to "Employer applicant") describes them: the server's types. */
import type { ApiSchema } from '../../api'
import type { Stage } from '../../lib/stages'

export { STAGES, type Stage } from '../../lib/stages'

export type StageCounts = ApiSchema<'StageCounts'>

/** A listing with its applicants per stage. */
export type EmployerJob = ApiSchema<'EmployerJob'>

export type JobStatus = ApiSchema<'JobStatus'>

/** What the candidate reads of an application's stage. */
export type ApplicationStatus = ApiSchema<'ApplicationStatus'>

/** `days_in_stage` is whole days since `stage_entered_at`, as the server answered; `rating` the mean of its scorecards (1 to 5). */
export type PipelineCard = ApiSchema<'PipelineCard'>

/** Another stage a card could go to, and the server's refusal if it cannot. */
export type StageMove = ApiSchema<'StageMove'>

export type PipelineSort = 'newest' | 'oldest' | 'name' | 'updated'

export type PipelineFilter = { stage?: Stage | ''; q?: string; from?: string; to?: string; sort?: PipelineSort }

export type Pipeline = ApiSchema<'Board'>

export type JobBody = ApiSchema<'JobBody'>

/** One line of an applicant's history, said by the server ("Moved to Interview by Mei Chen"). */
export type HistoryEntry = ApiSchema<'HistoryEntry'>

export type Note = ApiSchema<'Note'>

export type Recommendation = ApiSchema<'Recommendation'>
export const RECOMMENDATIONS = ['strong_yes', 'yes', 'no', 'strong_no'] as const satisfies readonly Recommendation[]

export type Scorecard = ApiSchema<'Scorecard'>

/** `status` is `scheduled` or `cancelled`. */
export type Interview = ApiSchema<'InterviewRow'>

export type ApplicantDocument = ApiSchema<'Document'>

/** The candidate's profile as they last saved it. */
export type ApplicantProfile = ApiSchema<'Profile'>

export type ApplicantDetail = ApiSchema<'ApplicantDetail'>
/** The same candidate's application to another of the employer's jobs (the applicant page's "Also applied for"). */
export type OtherApplication = ApiSchema<'OtherApplication'>

export type InterviewBody = ApiSchema<'SlotBody'>

/** A booked interview still to come, on the list across every job; `candidate_name` is "[erased]" once erased. */
export type UpcomingInterview = ApiSchema<'UpcomingInterview'>

export type CompanyProfile = ApiSchema<'CompanyProfile'>

export type CompanyBody = ApiSchema<'CompanyProfileBody'>

export type JobReport = ApiSchema<'JobReport'>

/** Why the team did not go ahead with an applicant: their own record, never shown to the candidate. */
export type RejectionReason = ApiSchema<'RejectionReason'>

/** A reason as a rejection form offers it, with the label the team reads ("Salary expectations"). */
export type ReasonOption = ApiSchema<'ReasonOption'>
