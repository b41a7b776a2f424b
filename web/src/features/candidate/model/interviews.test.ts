import { describe, expect, it } from 'vitest'
import { applicationInterview } from '../candidate.fixtures'
import { formatDuration, formatInterviewTime, interviewState, isPast, orderInterviews } from './interviews'

const now = new Date('2025-11-20T00:00:00Z')

describe('formatInterviewTime', () => {
  it('shows the time in Sydney with daylight saving (AEDT) whatever the zone of the machine', () => {
    expect(formatInterviewTime('2025-12-01T23:30:00Z', now)).toBe('Tue 2 Dec, 10:30 am AEDT')
  })
  it('uses AEST in winter and pm in the afternoon', () => {
    expect(formatInterviewTime('2025-06-03T04:05:00Z', now)).toMatch(/^Tue 3 June?, 2:05 pm AEST$/)
  })
  it('adds the year when it is not this year in Sydney', () => {
    expect(formatInterviewTime('2026-02-02T22:00:00Z', now)).toBe('Tue 3 Feb 2026, 9:00 am AEDT')
  })
  it('goes by the Sydney date near midnight UTC', () => {
    // 31 Dec 2025 14:00 UTC is already 1 Jan 2026 in Sydney
    expect(formatInterviewTime('2025-12-31T14:00:00Z', now)).toBe('Thu 1 Jan 2026, 1:00 am AEDT')
  })
  it('is empty for an unreadable time', () => {
    expect(formatInterviewTime('soon', now)).toBe('')
  })
  it('says Today or Tomorrow by the Sydney day, keeping the date', () => {
    // 8:38 am Sunday 29 November 2026 in Sydney is still Saturday in UTC
    const morning = new Date('2026-11-28T21:38:00Z')
    expect(formatInterviewTime('2026-11-29T01:00:00Z', morning)).toBe('Today, Sun 29 Nov, 12:00 pm AEDT')
    expect(formatInterviewTime('2026-11-29T22:30:00Z', morning)).toBe('Tomorrow, Mon 30 Nov, 9:30 am AEDT')
    expect(formatInterviewTime('2026-12-01T22:30:00Z', morning)).toBe('Wed 2 Dec, 9:30 am AEDT')
  })
})

describe('formatDuration', () => {
  it.each([
    [45, '45 minutes'],
    [60, '1 hour'],
    [90, '1 hour 30 minutes'],
    [120, '2 hours'],
    [1, '1 minute'],
    [0, ''],
  ])('%i → %s', (m, text) => expect(formatDuration(m)).toBe(text))
})

describe('interview states', () => {
  it('is past only once it has ended', () => {
    const started = applicationInterview({ starts_at: '2025-11-19T23:30:00Z', duration_minutes: 60 })
    expect(isPast(started, now)).toBe(false)
    expect(isPast(started, new Date('2025-11-20T00:31:00Z'))).toBe(true)
  })
  it('is cancelled whatever the time', () => {
    expect(interviewState(applicationInterview({ status: 'cancelled' }), now)).toBe('cancelled')
    expect(interviewState(applicationInterview({ status: 'cancelled', starts_at: '2020-01-01T00:00:00Z' }), now)).toBe('cancelled')
    expect(interviewState(applicationInterview(), now)).toBe('upcoming')
    expect(interviewState(applicationInterview({ starts_at: '2025-01-01T00:00:00Z' }), now)).toBe('past')
  })
  it('orders upcoming soonest first, then the rest latest first', () => {
    const list = [
      applicationInterview({ id: 'old', starts_at: '2025-01-01T00:00:00Z' }),
      applicationInterview({ id: 'later', starts_at: '2025-12-10T00:00:00Z' }),
      applicationInterview({ id: 'cancelled', starts_at: '2025-12-05T00:00:00Z', status: 'cancelled' }),
      applicationInterview({ id: 'soon', starts_at: '2025-12-01T00:00:00Z' }),
    ]
    expect(orderInterviews(list, now).map((i) => i.id)).toEqual(['soon', 'later', 'cancelled', 'old'])
    expect(orderInterviews(undefined, now)).toEqual([])
  })
})
