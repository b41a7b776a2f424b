import { describe, expect, it } from 'vitest'
import { formatExactTime } from './history'

describe('formatExactTime', () => {
  it('gives the day, date and time in Sydney', () => {
    // 23:00 UTC on 30 November is 10:00 am on Tuesday 1 December in Sydney (daylight time)
    const text = formatExactTime('2026-11-30T23:00:00Z')
    expect(text).toMatch(/Tue/)
    expect(text).toMatch(/1 Dec 2026/)
    expect(text).toMatch(/10:00\s?am/i)
    expect(text).toMatch(/\(Sydney\)$/)
  })

  it('is empty for a time that does not parse', () => {
    expect(formatExactTime('not a time')).toBe('')
  })
})
