import { describe, expect, it } from 'vitest'
import { formatDays, formatHours, formatWeek } from './report'

describe('report figures', () => {
  it('shows a dash until something was measured', () => {
    expect(formatHours(null)).toBe('–')
    expect(formatDays(null)).toBe('–')
  })

  it('reads response times in hours, then days', () => {
    expect(formatHours(0.4)).toBe('Under 1 hour')
    expect(formatHours(1)).toBe('1 hour')
    expect(formatHours(5)).toBe('5 hours')
    expect(formatHours(72)).toBe('3 days')
  })

  it('reads time to hire in days', () => {
    expect(formatDays(0.3)).toBe('Under 1 day')
    expect(formatDays(1)).toBe('1 day')
    expect(formatDays(12.6)).toBe('13 days')
  })

  it('labels a week by its Monday', () => {
    expect(formatWeek('2026-11-16')).toBe('16 Nov')
  })
})
