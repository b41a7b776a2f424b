import { describe, expect, it } from 'vitest'
import { jobStatusLabel, validDay } from '../../admin'
import { applicationFiltersFromParams, applicationFiltersToParams, rangeProblem } from './applicationFilters'
import { jobFiltersFromParams, jobFiltersToParams, jobFiltersActive } from './jobFilters'
import { outboxFilterFromParams, outboxFilterToParams } from './outboxFilters'

const p = (s: string) => new URLSearchParams(s)

describe('job filters and the address bar', () => {
  it('reads known values and drops unknown statuses', () => {
    expect(jobFiltersFromParams(p('status=closed&employer=e1&q=%20rust%20'))).toEqual({ status: 'closed', employer: 'e1', q: 'rust' })
    expect(jobFiltersFromParams(p('status=bogus')).status).toBe('')
    expect(jobFiltersFromParams(p('status=active')).status).toBe('open')
    expect(jobStatusLabel('expired')).toBe('Expired')
  })
  it('writes only what is set, in a fixed order, and round-trips', () => {
    const f = { status: 'open' as const, employer: '', q: 'data' }
    expect(jobFiltersToParams(f).toString()).toBe('status=open&q=data')
    expect(jobFiltersFromParams(jobFiltersToParams(f))).toEqual(f)
    expect(jobFiltersActive({ status: '', employer: '', q: '' })).toBe(false)
  })
})

describe('application filters', () => {
  it('keeps real days, stages and specialisations only', () => {
    expect(applicationFiltersFromParams(p('stage=offer&from=2026-02-30&to=2026-03-01&specialisation=Digital'))).toEqual({
      employer: '',
      job: '',
      stage: 'offer',
      specialisation: 'Digital',
      from: '',
      to: '2026-03-01',
    })
    expect(applicationFiltersFromParams(p('stage=nope')).stage).toBe('')
    expect(applicationFiltersFromParams(p('specialisation=Gardening')).specialisation).toBe('')
    expect(applicationFiltersFromParams(p('specialisation=digital')).specialisation).toBe('')
  })
  it('round-trips through the URL', () => {
    const f = { employer: 'abc', job: 'j-1', stage: 'new' as const, specialisation: 'AI + Robotics' as const, from: '2026-01-01', to: '2026-01-31' }
    expect(applicationFiltersFromParams(p(applicationFiltersToParams(f).toString()))).toEqual(f)
  })
  it('flags a range that ends before it starts', () => {
    expect(rangeProblem('2026-02-01', '2026-01-01')).toMatch(/before/)
    expect(rangeProblem('2026-01-01', '')).toBeNull()
  })
  it('validDay refuses non-days', () => {
    expect(validDay('2026-13-01')).toBe('')
    expect(validDay('2024-02-29')).toBe('2024-02-29')
  })
})

describe('outbox filters', () => {
  it('outbox: all by default, a known state kept', () => {
    expect(outboxFilterFromParams(new URLSearchParams('state=failed'))).toBe('failed')
    expect(outboxFilterFromParams(new URLSearchParams('state=lost'))).toBe('all')
    expect(outboxFilterToParams('all').toString()).toBe('')
    expect(outboxFilterToParams('queued').toString()).toBe('state=queued')
  })
})
