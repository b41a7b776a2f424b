import { describe, expect, it } from 'vitest'
import { interviewFor, todayCounts, todayHeading } from './today'

const quiet = { interviews: [], applications_today: 0, waiting_a_week: 0, offers_out: 0 }

describe('the overview’s Today', () => {
  it('takes the Sydney day, not the browser’s or UTC’s: just after midnight in Sydney it is already the next day', () => {
    const now = new Date('2025-11-28T13:30:00Z') // 12:30 am on Saturday 29 November in Sydney
    expect(todayHeading(now)).toBe('Today, Saturday 29 November')
    const [apps, waiting] = todayCounts(quiet, now)
    expect(apps.to).toBe('/dashboard/applications?from=2025-11-29&to=2025-11-29')
    expect(waiting.to).toBe('/dashboard/applications?stage=new&to=2025-11-22')
  })

  it('flags only applications left waiting in New', () => {
    const counts = todayCounts({ ...quiet, applications_today: 4, waiting_a_week: 1, offers_out: 2 }, new Date('2025-11-27T21:00:00Z'))
    expect(counts.map((c) => [c.id, c.flagged])).toEqual([
      ['applications', false],
      ['waiting', true],
      ['offers', false],
    ])
  })

  it('says of those waiting only what the server counts: still in New after a week, not that nobody looked', () => {
    const [, waiting] = todayCounts({ ...quiet, waiting_a_week: 3 }, new Date('2025-11-27T21:00:00Z'))
    expect(waiting.note).toBe('Still in New after a week, on open jobs')
    expect(todayCounts(quiet, new Date('2025-11-27T21:00:00Z'))[1].note).toBe('Nothing has waited that long')
  })

  it('names the job, and the company when it is known', () => {
    expect(interviewFor({ job_title: 'Senior Rust Engineer', company: 'Wattle Analytics' })).toBe('for Senior Rust Engineer at Wattle Analytics')
    expect(interviewFor({ job_title: 'Data Engineer', company: null })).toBe('for Data Engineer')
    expect(interviewFor({ job_title: 'Data Engineer', company: '  ' })).toBe('for Data Engineer')
  })
})
