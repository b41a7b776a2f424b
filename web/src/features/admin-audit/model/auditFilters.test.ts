import { describe, expect, it } from 'vitest'
import { exactInstant, auditFilterProblem, auditFiltersFromParams, auditFiltersToParams, auditQuery, isoToLocalInput, isQuickRange, localInputToIso, EMPTY_AUDIT_FILTERS, QUICK_RANGES } from './auditFilters'

const p = (s: string) => new URLSearchParams(s)

describe('audit filters', () => {
  it('normalises instants and the cursor', () => {
    const f = auditFiltersFromParams(p('from=2026-03-01T10:00:00%2B10:00&before=120&type=JobPosted'))
    expect(f.from).toBe('2026-03-01T00:00:00.000Z')
    expect(f.before).toBe('120')
    expect(auditFiltersFromParams(p('before=-3&to=yesterday'))).toEqual(EMPTY_AUDIT_FILTERS)
  })
  it('keeps the cursor in the URL with the filters', () => {
    const f = { ...EMPTY_AUDIT_FILTERS, stream: 'job-1', before: '57' }
    expect(auditFiltersToParams(f).toString()).toBe('stream=job-1&before=57')
    expect(auditQuery(f)).toEqual({ stream: 'job-1', before: '57' })
  })
  it('checks the actor id and the time order before asking', () => {
    expect(auditFilterProblem({ ...EMPTY_AUDIT_FILTERS, actor: 'bob' })).toBe('Filter by a valid account id')
    expect(auditFilterProblem({ ...EMPTY_AUDIT_FILTERS, actor: '0190f0a4-5b7e-7c3d-9a1b-2c3d4e5f6a7b' })).toBeNull()
    expect(auditFilterProblem({ ...EMPTY_AUDIT_FILTERS, from: '2026-02-01T00:00:00.000Z', to: '2026-01-01T00:00:00.000Z' })).toMatch(/before/)
  })
  it('keeps an exact instant as written, microseconds and all', () => {
    expect(exactInstant('2026-11-23T11:15:24.803892Z')).toBe('2026-11-23T11:15:24.803892Z')
    expect(exactInstant('yesterday')).toBe('')
    expect(exactInstant('')).toBe('')
  })
  it('converts between datetime-local and UTC instants both ways', () => {
    const iso = localInputToIso('2026-03-01T09:30')
    expect(iso).toMatch(/Z$/)
    expect(isoToLocalInput(iso)).toBe('2026-03-01T09:30')
    expect(localInputToIso('')).toBe('')
    expect(isoToLocalInput('nonsense')).toBe('')
  })
  it('knows a quick range while it still is one', () => {
    const now = Date.parse('2026-11-28T10:00:00Z')
    const week = QUICK_RANGES[2].ms
    const from = new Date(now - week).toISOString()
    expect(isQuickRange({ from, to: '' }, week, now)).toBe(true)
    expect(isQuickRange({ from, to: '' }, week, now + 7 * 3600_000)).toBe(true)
    expect(isQuickRange({ from, to: '' }, week, now + 9 * 3600_000)).toBe(false)
    expect(isQuickRange({ from, to: '' }, QUICK_RANGES[0].ms, now)).toBe(false)
    expect(isQuickRange({ from, to: new Date(now).toISOString() }, week, now)).toBe(false)
    expect(isQuickRange({ from: '', to: '' }, week, now)).toBe(false)
  })
})
