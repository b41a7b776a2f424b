import { describe, expect, it } from 'vitest'
import { alertWeekSeries, alertWeeksSummary, countsSummary, formatDuration, funnelRows, isQuickRange, lastDays, lastMonth, QUICK_RANGES, rangeFromParams, sydneyToday, thisMonth, topWithOther, weekSeries } from './analytics'
import { lagLabel, latestRebuild, percentDone, rebuildOutcome } from './progress'

describe('rebuild progress', () => {
  it('is a whole per cent, clamped, and 100 for a finished empty rebuild', () => {
    expect(percentDone(1, 3)).toBe(33)
    expect(percentDone(5, 4)).toBe(100)
    expect(percentDone(0, 0)).toBe(0)
    expect(percentDone(0, 0, true)).toBe(100)
  })
  it('takes the newest word from the poll or the socket', () => {
    const polled = { name: 'jobs', done: 10, total: 100, started_at: 't', finished_at: null, finished: false, error: null }
    expect(latestRebuild(polled, { name: 'jobs', done: 40, total: 100, finished: false, error: null })?.done).toBe(40)
    expect(latestRebuild({ ...polled, done: 100, finished_at: 't2', finished: true }, { name: 'jobs', done: 40, total: 100, finished: false, error: null })?.finished).toBe(true)
    expect(latestRebuild({ ...polled, finished_at: 't2', finished: true }, { name: 'applications', done: 1, total: 9, finished: false, error: null })?.name).toBe('applications')
    expect(latestRebuild(null, null)).toBeNull()
  })
  it('says how it went', () => {
    expect(rebuildOutcome({ name: 'x', done: 5, total: 9, finished: false, error: null }).text).toBe('Rebuilding: 5 of 9 events')
    expect(rebuildOutcome({ name: 'x', done: 9, total: 9, finished: true, error: null }).tone).toBe('success')
    expect(rebuildOutcome({ name: 'x', done: 2, total: 9, finished: true, error: 'boom' }).text).toBe('Rebuild failed: boom')
    expect(lagLabel(0)).toBe('Up to date')
    expect(lagLabel(1204)).toBe('1,204 events behind')
  })
})

describe('analytics shaping', () => {
  it('fills quiet weeks with zero', () => {
    const s = weekSeries([
      { week: '2026-01-19', applications: 2 },
      { week: '2026-01-05', applications: 3 },
    ])
    expect(s.map((w) => [w.week, w.applications])).toEqual([
      ['2026-01-05', 3],
      ['2026-01-12', 0],
      ['2026-01-19', 2],
    ])
    expect(s[0].label).toBe('5 Jan')
  })
  it('fills the job alerts\' quiet weeks with zero and sums them in a sentence', () => {
    const s = alertWeekSeries([
      { week: '2026-01-12', alerts_created: 0, mails_sent: 1 },
      { week: '2025-12-29', alerts_created: 1, mails_sent: 0 },
      { week: 'not a day', alerts_created: 9, mails_sent: 9 },
    ])
    expect(s.map((w) => [w.label, w.created, w.mailed])).toEqual([
      ['29 Dec', 1, 0],
      ['5 Jan', 0, 0],
      ['12 Jan', 0, 1],
    ])
    expect(alertWeeksSummary(s)).toBe('1 alert created and 1 alert mail sent over 3 weeks.')
    expect(alertWeeksSummary([])).toBe('No job alerts were created or mailed in this range.')
  })
  it('orders the funnel by stage with shares', () => {
    const rows = funnelRows([
      { stage: 'interview', count: 5 },
      { stage: 'new', count: 20 },
      { stage: 'screening', count: 10 },
    ])
    expect(rows.map((r) => [r.label, r.ofFirst, r.ofPrevious])).toEqual([
      ['New', 100, 100],
      ['Screening', 50, 50],
      ['Interview', 25, 50],
    ])
  })
  it('keeps the largest and sums the rest', () => {
    const items = Array.from({ length: 10 }, (_, i) => ({ name: `L${i}`, count: i + 1 }))
    const top = topWithOther(items, 4)
    expect(top.map((i) => i.name)).toEqual(['L9', 'L8', 'L7', 'Everything else'])
    expect(top[3].count).toBe(1 + 2 + 3 + 4 + 5 + 6 + 7)
    expect(topWithOther([{ name: '', count: 1 }])[0].name).toBe('Not given')
    expect(countsSummary(top, 2)).toBe('Most: L9 10, L8 9, and 2 more.')
  })
  it('reads durations as people say them', () => {
    expect(formatDuration(null)).toBe('–')
    expect(formatDuration(0.375)).toBe('9 hours')
    expect(formatDuration(2.46)).toBe('2.5 days')
    expect(formatDuration(1)).toBe('1 day')
    expect(formatDuration(14.4)).toBe('14 days')
  })
  it('reads the range from the URL and offers quick ranges', () => {
    expect(rangeFromParams(new URLSearchParams('from=2026-01-01&to=bad'))).toEqual({ from: '2026-01-01', to: '' })
    expect(lastDays(30, new Date('2026-03-31T12:00:00Z'))).toEqual({ from: '2026-03-02', to: '2026-03-31' })
  })
  it('knows which quick range a range is, as of today', () => {
    const now = new Date('2026-03-31T12:00:00Z')
    const [month, , last30, , allTime] = QUICK_RANGES
    expect(QUICK_RANGES.map((q) => q.label)).toEqual(['This month', 'Last month', 'Last 30 days', 'Last 12 months', 'All time'])
    expect(isQuickRange({ from: '2026-03-02', to: '2026-03-31' }, last30, now)).toBe(true)
    expect(isQuickRange({ from: '2026-03-02', to: '2026-03-31' }, month, now)).toBe(false)
    // picked yesterday, it is no longer the last 30 days
    expect(isQuickRange({ from: '2026-03-01', to: '2026-03-30' }, last30, now)).toBe(false)
    expect(isQuickRange({ from: '', to: '' }, allTime, now)).toBe(true)
    expect(isQuickRange({ from: '2026-03-02', to: '' }, allTime, now)).toBe(false)
  })
  it('counts in Sydney days: a Sydney morning is already the next day', () => {
    // 8 am on 1 December in Sydney (AEDT, UTC+11) is still 30 November in UTC
    const morning = new Date('2026-11-30T21:00:00Z')
    expect(sydneyToday(morning)).toBe('2026-12-01')
    expect(lastDays(30, morning)).toEqual({ from: '2026-11-02', to: '2026-12-01' })
    expect(thisMonth(morning)).toEqual({ from: '2026-12-01', to: '2026-12-01' })
    expect(lastMonth(morning)).toEqual({ from: '2026-11-01', to: '2026-11-30' })
    // across a year's end, and a short month
    expect(lastMonth(new Date('2027-01-15T01:00:00Z'))).toEqual({ from: '2026-12-01', to: '2026-12-31' })
    expect(lastMonth(new Date('2026-03-10T01:00:00Z'))).toEqual({ from: '2026-02-01', to: '2026-02-28' })
  })
})
