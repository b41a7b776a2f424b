/** Test helper: an applicant's card on a pipeline board (Chloe Martin, new, on job j1), with `over` applied. */
import type { PipelineCard } from './types'

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
    ...over,
  }
}
