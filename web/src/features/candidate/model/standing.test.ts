import { describe, expect, it } from 'vitest'
import type { ApplicationInterview } from '../types'
import { standingOf } from './standing'

const NOW = new Date('2026-03-02T00:00:00Z')
const interview = (starts_at: string, status = 'scheduled'): ApplicationInterview => ({
  id: 'i1',
  application_id: 'a1',
  job_title: 'Rust Engineer',
  starts_at,
  duration_minutes: 45,
  status,
  updated_at: '2026-03-01T00:00:00Z',
})

describe('where an application stands, in plain words', () => {
  it('names each step of the way', () => {
    const label = (progress: string, status = 'pending') => standingOf({ status, progress }, NOW).label
    expect(label('received')).toBe('Received')
    expect(label('in_review')).toBe('In review')
    expect(label('interview', 'accepted')).toBe('Invited to interview')
    expect(label('offer', 'accepted')).toBe('Offer')
    expect(label('hired', 'accepted')).toBe('Hired')
    expect(label('not_progressed', 'rejected')).toBe('Not progressed')
  })

  it('says "Interview booked" only while a booked interview is still ahead', () => {
    expect(standingOf({ status: 'accepted', progress: 'interview', interviews: [interview('2026-03-05T00:00:00Z')] }, NOW).label).toBe('Interview booked')
    expect(standingOf({ status: 'accepted', progress: 'interview', interviews: [interview('2026-03-05T00:00:00Z', 'cancelled')] }, NOW).label).toBe(
      'Invited to interview',
    )
  })

  it('never says "accepted", and falls back on the status when the server sends no progress', () => {
    expect(standingOf({ status: 'accepted' }, NOW).label).toBe('Going further')
    expect(standingOf({ status: 'pending' }, NOW).label).toBe('In review')
    expect(standingOf({ status: 'rejected' }, NOW).label).toBe('Not progressed')
    for (const progress of ['received', 'in_review', 'interview', 'offer', 'hired', 'not_progressed', undefined]) {
      const s = standingOf({ status: 'accepted', progress }, NOW)
      expect(`${s.label} ${s.detail}`.toLowerCase()).not.toContain('accepted')
    }
  })
})
