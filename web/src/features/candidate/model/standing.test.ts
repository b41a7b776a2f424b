import { describe, expect, it } from 'vitest'
import type { ApiSchema } from '../../../api'
import { expectLookup } from '../../../testing/lookup'
import type { ApplicationInterview } from '../types'
import { standingOf } from './standing'

const NOW = new Date('2026-03-02T00:00:00Z')
const interview = (starts_at: string, status: ApplicationInterview['status'] = 'scheduled'): ApplicationInterview => ({
  id: 'i1',
  application_id: 'a1',
  job_title: 'Rust Engineer',
  starts_at,
  duration_minutes: 45,
  interviewers: [],
  status,
  updated_at: '2026-03-01T00:00:00Z',
})

describe('where an application stands, in plain words', () => {
  it('names each step of the way', () => {
    const label = (progress: ApiSchema<'Progress'>) => standingOf({ progress, interviews: [] }, NOW).label
    expectLookup(label, {
      received: 'Received',
      in_review: 'In review',
      interview: 'Invited to interview',
      offer: 'Offer',
      hired: 'Hired',
      not_progressed: 'Not progressed',
    })
  })

  it('says "Interview booked" only while a booked interview is still ahead', () => {
    expect(standingOf({ progress: 'interview', interviews: [interview('2026-03-05T00:00:00Z')] }, NOW).label).toBe('Interview booked')
    expect(standingOf({ progress: 'interview', interviews: [interview('2026-03-05T00:00:00Z', 'cancelled')] }, NOW).label).toBe(
      'Invited to interview',
    )
  })

  it('never says "accepted"', () => {
    const progresses: ApiSchema<'Progress'>[] = ['received', 'in_review', 'interview', 'offer', 'hired', 'not_progressed']
    for (const progress of progresses) {
      const s = standingOf({ progress, interviews: [] }, NOW)
      expect(`${s.label} ${s.detail}`.toLowerCase()).not.toContain('accepted')
    }
  })
})
