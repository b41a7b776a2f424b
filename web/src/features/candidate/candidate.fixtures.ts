/** Test helpers: one of the candidate's applications (Rust Engineer at Acme, in review) and an interview booked for it, each with `over` applied. */
import type { Application, ApplicationInterview } from './types'

/** A scheduled hour-long interview for application a1, far in the future. */
export function applicationInterview(over: Partial<ApplicationInterview> = {}): ApplicationInterview {
  return {
    id: 'i1',
    application_id: 'a1',
    job_title: 'Rust Engineer',
    starts_at: '2099-12-01T23:00:00Z',
    duration_minutes: 60,
    location: null,
    video_link: null,
    interviewers: [],
    status: 'scheduled',
    cancel_reason: null,
    updated_at: '2025-11-19T00:00:00Z',
    ...over,
  }
}

/** An application (a1, job j1) in review, pending, with no interviews and not withdrawn (no `withdrawn_at`). */
export function myApplication(over: Partial<Application> = {}): Application {
  return {
    id: 'a1',
    job_id: 'j1',
    job_title: 'Rust Engineer',
    company: 'Acme',
    status: 'pending',
    progress: 'in_review',
    interviews: [],
    created_at: '2025-11-01T00:00:00Z',
    last_updated: '2025-11-02T00:00:00Z',
    ...over,
  }
}
