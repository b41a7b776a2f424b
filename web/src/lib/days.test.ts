import { describe, expect, it } from 'vitest'
import { addDays, validDay } from './days'

describe('a day from the address bar', () => {
  it('keeps a day that exists', () => {
    expect(validDay('2026-11-03')).toBe('2026-11-03')
    expect(validDay('2028-02-29')).toBe('2028-02-29')
  })

  it('drops a day that does not exist, or text that is not a day', () => {
    for (const value of ['2026-02-30', '2026-13-01', '2027-02-29', '3 Nov 2026', '2026-11-3', '2026-11-03T00:00', '']) {
      expect(validDay(value)).toBe('')
    }
  })
})

describe('a calendar step', () => {
  it('moves across months, years and daylight saving by whole days', () => {
    expect(addDays('2026-11-28', -7)).toBe('2026-11-21')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    // Sydney's clocks go forward on 4 October 2026
    expect(addDays('2026-10-08', -7)).toBe('2026-10-01')
  })
})
