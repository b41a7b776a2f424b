/** Test helper: an applicant's card on a pipeline board (Chloe Martin, new, on job j1), with `over` applied; the reasons a rejection may give. */
import { testQueryClient } from '../../testing/harness'
import { employerKeys } from './api/keys'
import { STAGES, type Interview, type PipelineCard, type ReasonOption, type Stage, type StageMove } from './types'

/** `moves` as the server answers them: every other stage, those named in `refused` with that refusal. */
export function stageMoves(from: Stage, refused: Partial<Record<Stage, string>> = {}): StageMove[] {
  return STAGES.filter((s) => s !== from).map((to) => ({ to, refused: refused[to] ?? null }))
}

export const HIRE_NEEDS_OFFER = 'Move the applicant to Offer before marking them hired'
export const HIRED_IS_FINAL = 'This applicant has been hired, so their stage can no longer change'

/** A hired card: every move refused, as the server says. */
export const hiredMoves = () => stageMoves('hired', Object.fromEntries(STAGES.map((s) => [s, HIRED_IS_FINAL])))

/** `progress` as the server gives it for each stage (domain `Stage::progress`). */
const PROGRESS: Record<Stage, PipelineCard['progress']> = {
  new: 'received',
  screening: 'in_review',
  interview: 'interview',
  offer: 'offer',
  hired: 'hired',
  rejected: 'not_progressed',
}

export function pipelineCard(over: Partial<PipelineCard> = {}): PipelineCard {
  return {
    id: 'a1',
    job_id: 'j1',
    candidate_id: 'c1',
    candidate_name: 'Chloe Martin',
    candidate_email: 'chloe@example.com',
    stage: 'new',
    status: 'pending',
    version: 1,
    feedback: null,
    resume_id: null,
    cover_letter_id: null,
    created_at: '2026-11-21T00:00:00Z',
    last_updated: '2026-11-21T00:00:00Z',
    stage_entered_at: '2026-11-21T00:00:00Z',
    days_in_stage: 0,
    rating: null,
    scorecards: 0,
    resume_name: null,
    next_interview_at: null,
    upcoming_interviews: 0,
    rejection_reason: null,
    moves: stageMoves(over.stage ?? 'new', { hired: HIRE_NEEDS_OFFER }),
    progress: PROGRESS[over.stage ?? 'new'],
    ...over,
  }
}

/** GET /api/employer/rejection-reasons as the server answers it: the app itself has no copy. */
export const REJECTION_REASONS: ReasonOption[] = [
  { reason: 'skills', label: 'Skills or experience' },
  { reason: 'salary', label: 'Salary expectations' },
  { reason: 'location', label: 'Location or work rights' },
  { reason: 'another_candidate', label: 'Went with another candidate' },
  { reason: 'declined_offer', label: 'Declined our offer' },
  { reason: 'no_response', label: 'Stopped responding' },
  { reason: 'role_closed', label: 'Role filled or closed' },
  { reason: 'other', label: 'Other' },
]

/** The reasons' route, to spread into a routeFetch table. */
export const REASONS_ROUTE = { 'GET /api/employer/rejection-reasons': { body: REJECTION_REASONS } }

/** A test's query client already holding the reasons, as the app keeps them once read: for a test that scripts its fetches call by call. */
export function clientWithReasons() {
  const client = testQueryClient()
  client.setQueryData(employerKeys.rejectionReasons(), REJECTION_REASONS)
  return client
}

/** A booked interview, far in the future, for `application_id`. */
export function bookedInterview(over: Partial<Interview> = {}): Interview {
  return {
    id: 'i1',
    application_id: 'a1',
    starts_at: '2099-01-20T23:00:00Z',
    duration_minutes: 60,
    location: 'Level 4, 1 Martin Place',
    video_link: null,
    interviewers: [],
    status: 'scheduled',
    cancel_reason: null,
    job_title: 'Data Engineer',
    updated_at: '2098-12-01T00:00:00Z',
    ...over,
  }
}
