import { describe, expect, it } from 'vitest'
import { salaryBounds, salaryRangeError } from './forms'

describe('form checks', () => {
  it('salary ranges need ordered whole-dollar bounds', () => {
    expect(salaryRangeError({ display_name: '', min: '1', max: '' })).toMatch(/name/)
    expect(salaryRangeError({ display_name: 'A', min: '-1', max: '' })).toMatch(/lowest/)
    expect(salaryRangeError({ display_name: 'A', min: '100', max: '50' })).toMatch(/highest/)
    expect(salaryRangeError({ display_name: 'A', min: '100000', max: '' })).toBeNull()
    expect(salaryBounds(100000, 120000)).toBe('$100,000 – $120,000')
    expect(salaryBounds(200000, null)).toBe('$200,000 and over')
  })
})
