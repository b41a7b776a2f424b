/** Test helpers for the employer's screens: Mei Chen signed in, her job (Senior Rust Engineer, open) and an interview she has coming up, each with `over` applied. */
import { afterEach, beforeEach, vi } from 'vitest'
import { freshEachTest, storeSession } from '../../testing/harness'
import type { EmployerJob, UpcomingInterview } from './types'

/** Stores Mei Chen's employer session, valid for an hour from the clock's now. */
export const signInEmployer = () => storeSession('employer', { name: 'Mei Chen', role: 'employer' }, { role: 'employer' })

/** Tuesday 20 January 2099, 8:00 am in Sydney (daylight saving, +11), while it is still Monday 19 January in UTC. */
export const TUESDAY_MORNING = '2099-01-19T21:00:00Z'

/**
 * The set-up of an employer screen test file that reads the time: freshEachTest, with the clock at
 * `now`. Only the clock is faked, so fetches and React run as usual; the session is stored after,
 * so it is valid at that time.
 */
export function freshEmployerTestAt(now: string) {
  freshEachTest()
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(now))
    signInEmployer()
  })
  afterEach(() => vi.useRealTimers())
}

/** An open job (j1) with 3 applicants, posted before and closing after any test's now. */
export function employerJob(over: Partial<EmployerJob> = {}): EmployerJob {
  return {
    id: 'j1',
    title: 'Senior Rust Engineer',
    company: 'Harbour Analytics',
    created_at: '2026-11-01T00:00:00Z',
    description: 'Build our event store.',
    expires_at: '2099-12-31T12:59:00Z',
    location: 'Sydney',
    requirements: [],
    responsibilities: [],
    salary: '$180k',
    specialisation: 'Development + Testing',
    status: 'open',
    type: 'Full-time',
    applications: { new: 2, screening: 1, interview: 0, offer: 0, hired: 0, rejected: 0, total: 3 },
    ...over,
  }
}

/** A 45-minute interview with Chloe Martin (a1) for job j1, at 10:00 am on TUESDAY_MORNING's day, with no place, call or panel. */
export function upcomingInterview(over: Partial<UpcomingInterview> = {}): UpcomingInterview {
  return {
    id: 'i1',
    application_id: 'a1',
    job_id: 'j1',
    job_title: 'Senior Rust Engineer',
    candidate_name: 'Chloe Martin',
    starts_at: '2099-01-19T23:00:00Z',
    duration_minutes: 45,
    location: null,
    video_link: null,
    interviewers: [],
    ...over,
  }
}
