import { describe, expect, it } from 'vitest'
import type { UpcomingInterview } from '../types'
import { comingUp, groupBySydneyDay, interviewersText, sydneyDayLabel, timeRange } from './interviewDays'

// Tuesday 20 January 2099, 8:00 am in Sydney (daylight saving, +11), while it is still Monday 19 January in UTC
const NOW = new Date('2099-01-19T21:00:00Z')

const interview = (id: string, starts_at: string, over: Partial<UpcomingInterview> = {}): UpcomingInterview => ({
  id,
  application_id: `a-${id}`,
  job_id: 'j1',
  job_title: 'Senior Rust Engineer',
  candidate_name: 'Chloe Martin',
  starts_at,
  duration_minutes: 45,
  location: null,
  video_link: null,
  interviewers: [],
  ...over,
})

const labelsAndIds = (list: UpcomingInterview[]) => groupBySydneyDay(list, NOW).map((d) => [d.label, d.interviews.map((i) => i.id)])

describe('interviews grouped by the Sydney day they fall on', () => {
  it('puts an interview on the Sydney day, not the UTC one', () => {
    // 2099-01-19T23:00Z is Monday in UTC but Tuesday 20 January, 10:00 am in Sydney: today
    expect(labelsAndIds([interview('i1', '2099-01-19T23:00:00Z')])).toEqual([['Today', ['i1']]])
  })

  it('splits at Sydney midnight: 11:59 pm is today, midnight is tomorrow, then the day by name', () => {
    const list = [
      interview('later', '2099-01-21T13:30:00Z'), // Thursday 22 January, 12:30 am
      interview('midnight', '2099-01-20T13:00:00Z'), // Wednesday 21 January, 12:00 am
      interview('late', '2099-01-20T12:59:00Z'), // Tuesday 20 January, 11:59 pm
      interview('morning', '2099-01-19T23:00:00Z'), // Tuesday 20 January, 10:00 am
    ]
    expect(labelsAndIds(list)).toEqual([
      ['Today', ['morning', 'late']],
      ['Tomorrow', ['midnight']],
      ['Thursday 22 January', ['later']],
    ])
  })

  it('uses standard time in winter: 00:00 UTC is 10:00 am in July as in January', () => {
    const [day] = groupBySydneyDay([interview('w', '2099-07-02T00:00:00Z')], NOW)
    expect(day.day).toBe('2099-07-02')
    expect(day.label).toBe('Thursday 2 July')
    expect(timeRange('2099-07-02T00:00:00Z', 45)).toBe('10:00 – 10:45 am')
    expect(timeRange('2099-01-19T23:00:00Z', 45)).toBe('10:00 – 10:45 am')
  })

  it('names the year of a day in another year', () => {
    expect(sydneyDayLabel('2100-01-01', NOW)).toBe('Friday 1 January 2100')
  })

  it('is empty with no interviews', () => {
    expect(groupBySydneyDay([], NOW)).toEqual([])
  })
})

describe('what a row says', () => {
  it('gives am or pm once when both ends share it, twice across noon', () => {
    expect(timeRange('2099-01-20T00:30:00Z', 45)).toBe('11:30 am – 12:15 pm')
    expect(timeRange('2099-01-20T03:00:00Z', 60)).toBe('2:00 – 3:00 pm')
  })

  it('names the interviewers, or nothing', () => {
    expect(interviewersText(['Priya Shah', 'Tom Nguyen'])).toBe('With Priya Shah, Tom Nguyen')
    expect(interviewersText([])).toBe('')
  })
})

describe('the Jobs page’s coming up summary', () => {
  it('is the soonest interview, and how many more begin within 7 days', () => {
    const list = [
      interview('far', '2099-01-27T00:00:00Z'), // 8 days on: not counted
      interview('soon', '2099-01-20T03:00:00Z'), // today, 2:00 pm
      interview('week', '2099-01-25T23:00:00Z'), // 6 days on
      interview('tomorrow', '2099-01-20T22:00:00Z'),
    ]
    expect(comingUp(list, NOW)).toMatchObject({ next: { id: 'soon' }, when: 'Today, 2:00 pm', started: false, more: 2 })
  })

  it('says when the next one has begun', () => {
    expect(comingUp([interview('on', '2099-01-19T20:45:00Z')], NOW)).toMatchObject({ when: 'Today, 7:45 am', started: true, more: 0 })
  })

  it('is null with none', () => {
    expect(comingUp([], NOW)).toBeNull()
  })
})
