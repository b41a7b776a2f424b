import { describe, expect, it } from 'vitest'
import type { Job } from '../../jobs'
import { EMPTY_JOB_FILTERS, filterDashboardJobs, jobTypeOptions } from './jobFilter'

const job = (over: Partial<Job>): Job => ({
  id: over.id ?? 'j',
  title: 'Developer',
  company: 'Acme',
  location: 'Sydney NSW',
  location_id: 'loc-syd',
  type: 'Full-time',
  salary: '',
  salary_range_id: 'sal-1',
  description: '',
  created_at: '2025-01-01T00:00:00Z',
  responsibilities: [],
  requirements: [],
  status: 'open',
  specialisation: 'Development + Testing',
  ...over,
})

const jobs = [
  job({ id: '1', title: 'Senior React Developer', location_id: 'loc-syd', salary_range_id: 'sal-1', type: 'Full-time' }),
  job({ id: '2', title: 'Data Engineer', location_id: 'loc-mel', salary_range_id: 'sal-2', type: 'Contract' }),
  job({ id: '3', title: 'react native dev', location_id: 'loc-mel', salary_range_id: 'sal-1', type: 'Contract' }),
]
const ids = (list: Job[]) => list.map((j) => j.id)

describe('dashboard job filter', () => {
  it('shows everything with no filters', () => {
    expect(ids(filterDashboardJobs(jobs, EMPTY_JOB_FILTERS))).toEqual(['1', '2', '3'])
  })
  it('matches the title case-insensitively', () => {
    expect(ids(filterDashboardJobs(jobs, { ...EMPTY_JOB_FILTERS, search: 'REACT' }))).toEqual(['1', '3'])
  })
  it('requires location id, salary range id and type to equal the selection', () => {
    expect(ids(filterDashboardJobs(jobs, { ...EMPTY_JOB_FILTERS, locationId: 'loc-mel' }))).toEqual(['2', '3'])
    expect(ids(filterDashboardJobs(jobs, { ...EMPTY_JOB_FILTERS, salaryRangeId: 'sal-1' }))).toEqual(['1', '3'])
    expect(ids(filterDashboardJobs(jobs, { ...EMPTY_JOB_FILTERS, type: 'Contract', salaryRangeId: 'sal-2' }))).toEqual(['2'])
  })
  it('keeps the chosen specialisation only', () => {
    const mixed = [job({ id: 'd', specialisation: 'Digital' }), job({ id: 'x', specialisation: 'Executive IT' }), job({ id: 'n', specialisation: 'AI + Robotics' })]
    expect(ids(filterDashboardJobs(mixed, { ...EMPTY_JOB_FILTERS, specialisation: 'Digital' }))).toEqual(['d'])
    expect(ids(filterDashboardJobs(mixed, EMPTY_JOB_FILTERS))).toEqual(['d', 'x', 'n'])
  })
  it('does not treat a partial id as a match', () => {
    expect(filterDashboardJobs(jobs, { ...EMPTY_JOB_FILTERS, locationId: 'loc' })).toEqual([])
  })
  it('offers the distinct types of the loaded jobs', () => {
    expect(jobTypeOptions(jobs)).toEqual(['Full-time', 'Contract'])
  })
})
