import { describe, expect, it } from 'vitest'
import { applicationInterview, myApplication } from '../candidate.fixtures'
import type { ApplicationInterview } from '../types'
import { canWithdraw, interviewsToCancel, isWithdrawn, markWithdrawn, withdrawInterviewsNote, withdrawnMessage, withdrawSummary, withdrewOnText } from './withdraw'

const now = new Date('2025-11-20T00:00:00Z')
// soon after now: Tuesday 2 December, 10:00 am in Sydney
const interview = (over: Partial<ApplicationInterview>) => applicationInterview({ starts_at: '2025-12-01T23:00:00Z', ...over })

describe('canWithdraw', () => {
  it('allows anything not yet decided, up to an offer', () => {
    for (const progress of ['received', 'in_review', 'interview', 'offer'] as const) expect(canWithdraw({ progress })).toBe(true)
  })
  it('refuses a hire or an application that did not go ahead (the server does too)', () => {
    expect(canWithdraw({ progress: 'hired' })).toBe(false)
    expect(canWithdraw({ progress: 'not_progressed' })).toBe(false)
  })
  it('refuses one already withdrawn', () => {
    expect(canWithdraw({ progress: 'in_review', withdrawn_at: '2026-12-03T01:00:00Z' })).toBe(false)
    expect(canWithdraw({ progress: 'in_review', withdrawn_at: null })).toBe(true)
  })
})

describe('a withdrawn application', () => {
  it('is one with withdrawn_at set', () => {
    expect(isWithdrawn({ withdrawn_at: '2026-12-03T01:00:00Z' })).toBe(true)
    expect(isWithdrawn({ withdrawn_at: null })).toBe(false)
    expect(isWithdrawn({})).toBe(false)
  })

  it('says on which day (3 December from Hawaii, UTC-10, to New Zealand’s summer, UTC+13)', () => {
    expect(withdrewOnText({ withdrawn_at: '2026-12-03T10:00:00Z' })).toBe('You withdrew this application on 3 Dec 2026.')
    expect(withdrewOnText({ withdrawn_at: 'not a date' })).toBe('You withdrew this application.')
  })

  it('is marked in the list in place, the others and one already withdrawn left as they are', () => {
    const list = [myApplication({ id: 'a1' }), myApplication({ id: 'a2' }), myApplication({ id: 'a3', withdrawn_at: '2026-11-20T00:00:00Z' })]
    const marked = markWithdrawn(list, 'a2', '2026-12-03T10:00:00Z')
    expect(marked.map((a) => a.withdrawn_at ?? null)).toEqual([null, '2026-12-03T10:00:00Z', '2026-11-20T00:00:00Z'])
    expect(marked[0]).toBe(list[0])
    expect(markWithdrawn(list, 'a3', '2026-12-03T10:00:00Z')[2].withdrawn_at).toBe('2026-11-20T00:00:00Z')
    expect(list[1].withdrawn_at).toBeUndefined()
  })
})

describe('the interviews a withdrawal cancels', () => {
  it('are the booked ones not yet begun, soonest first', () => {
    const list = [
      interview({ id: 'later', starts_at: '2025-12-05T00:00:00Z' }),
      interview({ id: 'cancelled', status: 'cancelled' }),
      interview({ id: 'begun', starts_at: '2025-11-19T23:30:00Z' }),
      interview({ id: 'soon' }),
    ]
    expect(interviewsToCancel(list, now).map((i) => i.id)).toEqual(['soon', 'later'])
  })

  it('are named in Sydney time, with the calendar update', () => {
    expect(withdrawInterviewsNote([interview({})], now)).toBe(
      'Your interview on Tuesday 2 December at 10:00 am is cancelled too, and you’ll get a calendar update that removes it.',
    )
  })

  it('are counted and each named when there are more', () => {
    const list = [interview({}), interview({ id: 'i2', starts_at: '2025-12-03T02:30:00Z' }), interview({ id: 'i3', starts_at: '2026-01-06T22:00:00Z' })]
    expect(withdrawInterviewsNote(list, now)).toBe(
      'Your 3 interviews, on Tuesday 2 December at 10:00 am, Wednesday 3 December at 1:30 pm and Wednesday 7 January 2026 at 9:00 am, are cancelled too, and you’ll get a calendar update that removes each one.',
    )
  })

  it('say nothing when none is still to come', () => {
    expect(withdrawInterviewsNote([], now)).toBe('')
    expect(withdrawInterviewsNote(null, now)).toBe('')
    expect(withdrawInterviewsNote([interview({ status: 'cancelled' }), interview({ starts_at: '2025-11-01T00:00:00Z' })], now)).toBe('')
  })
})

describe('the words around it', () => {
  const app = { job_title: 'Rust Engineer', company: 'Acme' }
  it('name the job and the company', () => {
    expect(withdrawSummary(app)).toBe('You’re withdrawing your application for Rust Engineer at Acme. The hiring team will see that you’ve withdrawn.')
    expect(withdrawnMessage(app)).toBe('Your application for Rust Engineer at Acme is withdrawn. The hiring team can see you’ve withdrawn.')
  })
})
