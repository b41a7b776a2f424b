import { describe, expect, it } from 'vitest'
import { firstName, formatFileSize, formatPostedAge, formatRelativeTime, greetingFor, telHref, formatMonthYear, formatClosingDate, formatSydneyTime, formatSydneyDayName, sydneyClock, sydneyDay, timeRange } from './format'

const at = (h: number, m: number) => new Date(2025, 0, 15, h, m, 0)

describe('greeting', () => {
  it('says Good morning before 12:00', () => {
    expect(greetingFor(at(0, 0))).toBe('Good morning')
    expect(greetingFor(at(11, 59))).toBe('Good morning')
  })
  it('says Good afternoon from 12:00 to before 17:00', () => {
    expect(greetingFor(at(12, 0))).toBe('Good afternoon')
    expect(greetingFor(at(16, 59))).toBe('Good afternoon')
  })
  it('says Good evening from 17:00', () => {
    expect(greetingFor(at(17, 0))).toBe('Good evening')
    expect(greetingFor(at(23, 59))).toBe('Good evening')
  })
  it('uses the first word of the name', () => {
    expect(firstName('  Jane Mary Citizen ')).toBe('Jane')
    expect(firstName(undefined)).toBe('')
  })
})

describe('relative time', () => {
  const now = new Date('2025-01-15T12:00:00Z')
  const ago = (s: number) => new Date(now.getTime() - s * 1000).toISOString()
  it('is Just now under 60 seconds', () => {
    expect(formatRelativeTime(ago(0), now)).toBe('Just now')
    expect(formatRelativeTime(ago(59), now)).toBe('Just now')
  })
  it('counts minutes, then hours, then days', () => {
    expect(formatRelativeTime(ago(60), now)).toBe('1 minute ago')
    expect(formatRelativeTime(ago(59 * 60), now)).toBe('59 minutes ago')
    expect(formatRelativeTime(ago(3600), now)).toBe('1 hour ago')
    expect(formatRelativeTime(ago(23 * 3600), now)).toBe('23 hours ago')
    expect(formatRelativeTime(ago(24 * 3600), now)).toBe('1 day ago')
    expect(formatRelativeTime(ago(3 * 86400), now)).toBe('3 days ago')
  })
})

describe('file size', () => {
  it('formats Bytes, KB, MB and GB', () => {
    expect(formatFileSize(0)).toBe('0 Bytes')
    expect(formatFileSize(512)).toBe('512 Bytes')
    expect(formatFileSize(1024)).toBe('1 KB')
    expect(formatFileSize(1536)).toBe('1.5 KB')
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB')
    expect(formatFileSize(1.25 * 1024 ** 3)).toBe('1.25 GB')
  })
  it('stays in GB for very large sizes', () => {
    expect(formatFileSize(2048 * 1024 ** 3)).toBe('2048 GB')
  })
})

describe('formatPostedAge', () => {
  const now = new Date('2026-11-23T09:00:00+11:00')
  it('is relative for the first month, in lower case to follow "Posted"', () => {
    expect(formatPostedAge('2026-11-21T09:00:00+11:00', now)).toBe('2 days ago')
    expect(formatPostedAge('2026-11-23T08:59:30+11:00', now)).toBe('just now')
  })
  it('is the date itself after a month', () => {
    expect(formatPostedAge('2026-09-01T12:00:00+10:00', now)).toBe('1 Sept 2026')
  })
})

describe('phone links', () => {
  it('dials the digits of a number as people write it', () => {
    expect(telHref('0412 345 678')).toBe('tel:0412345678')
    expect(telHref('(02) 9555-0192')).toBe('tel:0295550192')
    expect(telHref('+61 2 9555 0192')).toBe('tel:+61295550192')
  })
})

describe('formatMonthYear', () => {
  it('reads a profile date as its month, whatever the time zone', () => {
    expect(formatMonthYear('2021-03-01')).toBe('Mar 2021')
    expect(formatMonthYear('2018-12-31')).toBe('Dec 2018')
    expect(formatMonthYear(null)).toBe('')
    expect(formatMonthYear('soon')).toBe('soon')
  })
})

describe('formatClosingDate', () => {
  it('names the closing day in Sydney, whatever the browser’s zone', () => {
    // 11:59 pm on 28 Dec in Sydney is 12:59 pm UTC the same day; 1 am on 29 Dec in Sydney is 28 Dec in UTC
    expect(formatClosingDate('2026-12-28T23:59:00+11:00')).toBe('28 Dec 2026')
    expect(formatClosingDate('2026-12-28T14:00:00Z')).toBe('29 Dec 2026')
    expect(formatClosingDate(null)).toBe('')
  })
})

describe('Sydney days and clock times', () => {
  it('names the Sydney day an instant falls on, whatever the browser’s zone', () => {
    // 9 pm UTC on 27 Nov is 8 am on Saturday 28 Nov in Sydney (AEDT)
    expect(sydneyDay('2026-11-27T21:00:00Z')).toBe('2026-11-28')
    expect(sydneyDay(new Date('2026-11-27T12:59:00Z'))).toBe('2026-11-27')
    expect(formatSydneyDayName(new Date('2026-11-27T21:00:00Z'))).toBe('Saturday 28 November')
  })
  it('reads a clock time and an interview’s time range in Sydney, in each season', () => {
    expect(sydneyClock('2099-01-20T03:00:00Z')).toBe('2:00 pm')
    expect(timeRange('2099-07-02T00:00:00Z', 45)).toBe('10:00 – 10:45 am')
    expect(timeRange('2099-01-19T23:00:00Z', 45)).toBe('10:00 – 10:45 am')
    expect(timeRange('2099-01-20T00:30:00Z', 45)).toBe('11:30 am – 12:15 pm')
  })
})

describe('formatSydneyTime', () => {
  const now = new Date('2025-11-20T00:00:00Z')
  it('reads an interview’s time in Sydney, short or long, whatever the browser’s zone', () => {
    // 11 pm UTC on 1 Dec is 10 am on 2 Dec in Sydney (AEDT)
    expect(formatSydneyTime('2025-12-01T23:00:00Z', { now })).toBe('Tue 2 Dec, 10:00 am')
    expect(formatSydneyTime('2025-12-01T23:00:00Z', { long: true, now })).toBe('Tuesday 2 December at 10:00 am')
    expect(formatSydneyTime('2025-12-02T04:05:00Z', { zone: true, now })).toBe('Tue 2 Dec, 3:05 pm AEDT')
  })
  it('adds the year when it is not this year in Sydney', () => {
    expect(formatSydneyTime('2026-06-02T00:30:00Z', { long: true, now })).toBe('Tuesday 2 June 2026 at 10:30 am')
    expect(formatSydneyTime('2025-12-31T14:00:00Z', { now })).toBe('Thu 1 Jan 2026, 1:00 am')
  })
  it('is empty for a time it cannot read', () => {
    expect(formatSydneyTime('soon', { now })).toBe('')
  })
})
