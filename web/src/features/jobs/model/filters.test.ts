import { describe, expect, it } from 'vitest'
import type { Job } from '../types'
import { COMPETITIVE_SALARY, salaryText } from '../types'
import {
  EMPTY_JOB_FILTERS,
  EXPIRY_CUTOFF_MS,
  filterJobBoard,
  isListable,
  matchesFilters,
  type JobBoardFilters,
} from './filters'

const NOW = new Date('2025-03-10T00:00:00Z')
const HOUR = 60 * 60 * 1000

function job(overrides: Partial<Job> = {}): Job {
  return {
    id: 'j1',
    title: 'Senior React Developer',
    company: 'Acme',
    location: 'Sydney, NSW',
    location_id: 'loc-syd',
    type: 'Full-time',
    salary: '$150k - $170k',
    salary_range_id: 'sr-150',
    description: 'Build things.',
    created_at: '2025-03-01T00:00:00Z',
    expires_at: null,
    status: 'open',
    specialisation: 'Development + Testing',
    responsibilities: [],
    requirements: [],
    ...overrides,
  }
}

const filters = (f: Partial<JobBoardFilters>) => ({ ...EMPTY_JOB_FILTERS, ...f })
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString()

describe('expiry cut-off (SPEC 5, 9)', () => {
  it('shows a job without an expiry', () => {
    expect(isListable(job({ expires_at: null }), NOW)).toBe(true)
    expect(isListable(job({ expires_at: undefined }), NOW)).toBe(true)
  })

  it('shows a job with more than 24 hours left', () => {
    expect(isListable(job({ expires_at: at(EXPIRY_CUTOFF_MS + 1000) }), NOW)).toBe(true)
    expect(isListable(job({ expires_at: at(30 * 24 * HOUR) }), NOW)).toBe(true)
  })

  it('hides a job with exactly 24 hours left', () => {
    expect(isListable(job({ expires_at: at(24 * HOUR) }), NOW)).toBe(false)
  })

  it('hides a job with less than 24 hours left or already expired', () => {
    expect(isListable(job({ expires_at: at(23 * HOUR) }), NOW)).toBe(false)
    expect(isListable(job({ expires_at: at(-HOUR) }), NOW)).toBe(false)
  })

  it('filterJobBoard drops jobs inside the cut-off', () => {
    const jobs = [job({ id: 'a' }), job({ id: 'b', expires_at: at(2 * HOUR) }), job({ id: 'c', expires_at: at(48 * HOUR) })]
    expect(filterJobBoard(jobs, EMPTY_JOB_FILTERS, NOW).map((j) => j.id)).toEqual(['a', 'c'])
  })
})

describe('public job filters (SPEC 5)', () => {
  it('empty filters match everything', () => {
    expect(matchesFilters(job(), EMPTY_JOB_FILTERS)).toBe(true)
  })

  it('title contains the text, case-insensitive', () => {
    expect(matchesFilters(job(), filters({ title: 'react' }))).toBe(true)
    expect(matchesFilters(job(), filters({ title: 'SENIOR REACT' }))).toBe(true)
    expect(matchesFilters(job(), filters({ title: 'angular' }))).toBe(false)
  })

  it('location contains the selected value', () => {
    expect(matchesFilters(job(), filters({ location: 'Sydney' }))).toBe(true)
    expect(matchesFilters(job(), filters({ location: 'Sydney, NSW' }))).toBe(true)
    expect(matchesFilters(job(), filters({ location: 'Melbourne' }))).toBe(false)
  })

  it('type equals the selected one (the address is read in any case: readJobSearch)', () => {
    expect(matchesFilters(job(), filters({ type: 'Full-time' }))).toBe(true)
    expect(matchesFilters(job(), filters({ type: 'Part-time' }))).toBe(false)
    expect(matchesFilters(job(), filters({ type: 'Contract' }))).toBe(false)
  })

  it('salary range applies by id equality when chosen', () => {
    expect(matchesFilters(job(), filters({ salaryRangeId: 'sr-150' }))).toBe(true)
    expect(matchesFilters(job(), filters({ salaryRangeId: 'sr-100' }))).toBe(false)
    expect(matchesFilters(job({ salary_range_id: null }), filters({ salaryRangeId: 'sr-150' }))).toBe(false)
  })

  it('specialisation equals the chosen one', () => {
    expect(matchesFilters(job({ specialisation: 'Digital' }), filters({ specialisation: 'Digital' }))).toBe(true)
    expect(matchesFilters(job({ specialisation: 'Digital' }), filters({ specialisation: 'Executive IT' }))).toBe(false)
  })

  it('filters combine', () => {
    const jobs = [
      job({ id: 'a' }),
      job({ id: 'b', type: 'Contract' }),
      job({ id: 'c', location: 'Melbourne, VIC' }),
      job({ id: 'd', title: 'Data Engineer' }),
      job({ id: 'e', salary_range_id: 'sr-200' }),
      job({ id: 'f', specialisation: 'Digital' }),
    ]
    const result = filterJobBoard(
      jobs.map((j) => (j.id === 'f' ? j : { ...j, specialisation: 'Development + Testing' })),
      filters({ title: 'react', location: 'Sydney', type: 'Full-time', salaryRangeId: 'sr-150', specialisation: 'Development + Testing' }),
      NOW,
    )
    expect(result.map((j) => j.id)).toEqual(['a'])
  })
})

describe('card text', () => {
  it("shows 'Competitive salary' when salary is empty", () => {
    expect(salaryText({ salary: '' })).toBe(COMPETITIVE_SALARY)
    expect(salaryText({ salary: '  ' })).toBe(COMPETITIVE_SALARY)
    expect(salaryText({ salary: '$120k' })).toBe('$120k')
  })
})
