import { describe, expect, it } from 'vitest'
import { SPECIALISATIONS } from '../../../lib/specialisations'
import type { Job, SalaryRange } from '../types'
import {
  changeJobSearch,
  closingSoonText,
  EMPTY_JOB_SEARCH,
  hoursLeftIfClosingSoon,
  matchesSpecialisation,
  readJobSearch,
  salarySortKey,
  sortJobs,
  specialisationFromSlug,
  specialisationSlug,
  writeJobSearch,
  yearlyPayFromRange,
  yearlyPayFromText,
} from './jobSearch'

const job = (id: string, overrides: Partial<Job> = {}): Job => ({
  id,
  title: `Job ${id}`,
  company: 'Acme',
  location: 'Sydney, NSW',
  location_id: 'syd',
  type: 'Full-time',
  salary: '',
  salary_range_id: null,
  description: '',
  created_at: '2026-11-01T00:00:00Z',
  status: 'open',
  specialisation: 'Development + Testing',
  responsibilities: [],
  requirements: [],
  ...overrides,
})

const RANGES: SalaryRange[] = [
  { id: 'under-80', display_name: 'Under $80,000', min: 0, max: 79999 },
  { id: '150-180', display_name: '$150,000 - $180,000', min: 150000, max: 180000 },
  { id: '220-plus', display_name: '$220,000+', min: 220000, max: null },
]

describe('the search in the address', () => {
  it('reads every filter, the sort and the page', () => {
    const params = new URLSearchParams('title=rust&location=Sydney%2C+NSW&salary=150-180&type=Contract&specialisation=security-cyber-security&sort=salary&page=3')
    expect(readJobSearch(params)).toEqual({
      title: 'rust',
      location: 'Sydney, NSW',
      salaryRangeId: '150-180',
      type: 'Contract',
      specialisation: 'Security + Cyber Security',
      sort: 'salary',
      page: 3,
    })
  })

  it('falls back to the defaults for what it cannot read', () => {
    for (const query of ['', 'page=abc&sort=oldest&type=any&specialisation=plumbing', 'page=0', 'page=-4', 'page=1.5e9x'])
      expect(readJobSearch(new URLSearchParams(query)), query).toEqual(
        query === 'page=1.5e9x' ? { ...EMPTY_JOB_SEARCH, page: 1 } : EMPTY_JOB_SEARCH,
      )
  })

  it('reads a job type in any case, as the server spells it, and an unknown one as every type', () => {
    const type = (query: string) => readJobSearch(new URLSearchParams(query)).type
    expect(type('type=Contract')).toBe('Contract')
    expect(type('type=full-time')).toBe('Full-time')
    expect(type('type=PART-TIME')).toBe('Part-time')
    expect(type('type=+Temporary+')).toBe('Temporary')
    expect(type('type=Full')).toBe('')
    expect(type('type=plumbing')).toBe('')
    expect(type('type=')).toBe('')
  })

  it('writes only what differs from the defaults, and keeps the parameters that are not its own', () => {
    const written = writeJobSearch(new URLSearchParams('apply=abc&page=4&type=Contract'), {
      ...EMPTY_JOB_SEARCH,
      specialisation: 'ERP/SAP/CRM',
      sort: 'salary',
      page: 2,
    })
    expect(written.toString()).toBe('apply=abc&page=2&specialisation=erp-sap-crm&sort=salary')
    expect(writeJobSearch(new URLSearchParams('sort=salary&page=2'), EMPTY_JOB_SEARCH).toString()).toBe('')
  })

  it('round-trips every specialisation through its slug', () => {
    for (const name of SPECIALISATIONS) {
      expect(specialisationFromSlug(specialisationSlug(name))).toBe(name)
      const search = { ...EMPTY_JOB_SEARCH, specialisation: name, title: 'a & b', page: 7 }
      expect(readJobSearch(writeJobSearch(new URLSearchParams(), search))).toEqual(search)
    }
    expect(specialisationSlug('Security + Cyber Security')).toBe('security-cyber-security')
    expect(specialisationFromSlug('Security-Cyber-Security')).toBe('Security + Cyber Security')
  })

  it('a change to a filter or the sort starts again at page 1; a page change keeps the filters', () => {
    const onPage3 = { ...EMPTY_JOB_SEARCH, type: 'Contract' as const, page: 3 }
    expect(changeJobSearch(onPage3, { sort: 'salary' })).toEqual({ ...onPage3, sort: 'salary', page: 1 })
    expect(changeJobSearch(onPage3, { page: 4 })).toEqual({ ...onPage3, page: 4 })
  })
})

describe('the specialisation filter', () => {
  it('keeps jobs of that specialisation only, every job when none is chosen', () => {
    expect(matchesSpecialisation({ specialisation: 'Digital' }, 'Digital')).toBe(true)
    expect(matchesSpecialisation({ specialisation: 'Digital' }, 'Executive IT')).toBe(false)
    expect(matchesSpecialisation({ specialisation: 'Digital' }, '')).toBe(true)
  })
})

describe('a yearly figure for the salary a job states', () => {
  it.each([
    ['$170k - $190k + super', 180000],
    ['$75k + super', 75000],
    ['$260k package', 260000],
    ['$100k + 10% super', 100000],
    ['$140,000 - $160,000', 150000],
    ['150000', 150000],
    ['$1.2m package', 1200000],
    ['$850 - $950 per day', 198000],
    ['$1,100 per day', 242000],
    ['$900/day, 6 month contract', 198000],
    ['$60 - $70 per hour', 108680],
    ['$50 per hour', 83600],
  ])('%s -> %d', (text, yearly) => {
    expect(yearlyPayFromText(text)).toBe(yearly)
  })

  it.each(['', 'Competitive', 'DOE', '6 month contract', null])('%s states none', (text) => {
    expect(yearlyPayFromText(text)).toBeNull()
  })

  it('a salary range from the reference data counts at its middle, an open-ended one at its floor', () => {
    expect(yearlyPayFromRange(RANGES[1])).toBe(165000)
    expect(yearlyPayFromRange(RANGES[2])).toBe(220000)
    expect(yearlyPayFromRange(undefined)).toBeNull()
  })

  it('the stated pay comes first, the chosen range when the card says Competitive salary', () => {
    expect(salarySortKey({ salary: '$120k', salary_range_id: '220-plus' }, RANGES)).toBe(120000)
    expect(salarySortKey({ salary: '', salary_range_id: '150-180' }, RANGES)).toBe(165000)
    expect(salarySortKey({ salary: 'Competitive', salary_range_id: null }, RANGES)).toBeNull()
    expect(salarySortKey({ salary: '', salary_range_id: 'retired-range' }, RANGES)).toBeNull()
  })
})

describe('sorting', () => {
  const jobs = [
    job('old-high', { salary: '$200k', created_at: '2026-10-01T00:00:00Z' }),
    job('new-none', { salary: '', created_at: '2026-11-20T00:00:00Z' }),
    job('mid-range', { salary: '', salary_range_id: '150-180', created_at: '2026-11-10T00:00:00Z' }),
    job('old-none', { salary: 'Competitive', created_at: '2026-09-01T00:00:00Z' }),
    job('new-high', { salary: '$180k - $220k', created_at: '2026-11-15T00:00:00Z' }),
    job('day-rate', { salary: '$1,000 per day', created_at: '2026-11-05T00:00:00Z' }),
  ]

  it('newest first by default', () => {
    expect(sortJobs(jobs, 'newest', RANGES).map((j) => j.id)).toEqual(['new-none', 'new-high', 'mid-range', 'day-rate', 'old-high', 'old-none'])
  })

  it('salary high to low: equal pay newest first, jobs with no pay last (newest first among them)', () => {
    expect(sortJobs(jobs, 'salary', RANGES).map((j) => j.id)).toEqual(['day-rate', 'new-high', 'old-high', 'mid-range', 'new-none', 'old-none'])
  })

  it('does not reorder the list it was given', () => {
    const before = jobs.map((j) => j.id)
    sortJobs(jobs, 'salary', RANGES)
    expect(jobs.map((j) => j.id)).toEqual(before)
  })
})

describe('closing soon', () => {
  const now = new Date('2026-11-27T03:00:00Z')
  const at = (hours: number) => new Date(now.getTime() + hours * 3600_000).toISOString()

  it('is the hours left when 24 or fewer remain, as the public board hides it then', () => {
    expect(hoursLeftIfClosingSoon({ expires_at: at(5.5) }, now)).toBeCloseTo(5.5)
    expect(hoursLeftIfClosingSoon({ expires_at: at(24) }, now)).toBe(24)
    expect(hoursLeftIfClosingSoon({ expires_at: at(24.01) }, now)).toBeNull()
    expect(hoursLeftIfClosingSoon({ expires_at: at(-1) }, now)).toBeNull()
    expect(hoursLeftIfClosingSoon({ expires_at: null }, now)).toBeNull()
    expect(hoursLeftIfClosingSoon({ expires_at: 'not a date' }, now)).toBeNull()
  })

  it('says how long is left in words', () => {
    expect(closingSoonText(23.9)).toBe('Closes in 23 hours')
    expect(closingSoonText(1.5)).toBe('Closes in 1 hour')
    expect(closingSoonText(0.4)).toBe('Closes in under an hour')
  })
})
