import { describe, expect, it } from 'vitest'
import type { EmployerJob } from '../types'
import { filterJobs, groupCounts, jobGroup, jobListParams, parseJobGroup, primaryJobAction } from './jobList'

const jobs = [
  { title: 'Senior Rust Engineer', status: 'open' },
  { title: 'Frontend Engineer (React)', status: 'draft' },
  { title: 'Data Engineer', status: 'closed' },
  { title: 'Rust Platform Lead', status: 'expired' },
] satisfies Pick<EmployerJob, 'title' | 'status'>[]

describe('jobs table filter', () => {
  it('puts an expired job with the closed ones', () => {
    expect(jobGroup('expired')).toBe('closed')
    expect(groupCounts(jobs)).toEqual({ all: 4, open: 1, draft: 1, closed: 2 })
  })

  it('matches every word of the search in the title, in any case', () => {
    expect(filterJobs(jobs, 'rust', 'all').map((j) => j.title)).toEqual(['Senior Rust Engineer', 'Rust Platform Lead'])
    expect(filterJobs(jobs, '  RUST lead ', 'all').map((j) => j.title)).toEqual(['Rust Platform Lead'])
    expect(filterJobs(jobs, 'rust', 'closed').map((j) => j.title)).toEqual(['Rust Platform Lead'])
    expect(filterJobs(jobs, '', 'draft')).toHaveLength(1)
  })

  it('reads an unknown status in the address as all, and leaves empty parts out of it', () => {
    expect(parseJobGroup('closed')).toBe('closed')
    expect(parseJobGroup('archived')).toBe('all')
    expect(parseJobGroup(null)).toBe('all')
    expect(jobListParams('', 'all')).toEqual({})
    expect(jobListParams('rust', 'open')).toEqual({ q: 'rust', status: 'open' })
  })

  it('offers publish for a draft, the applicants of an open job, and reopen otherwise', () => {
    expect(primaryJobAction('draft')).toBe('publish')
    expect(primaryJobAction('open')).toBe('applicants')
    expect(primaryJobAction('expired')).toBe('reopen')
  })
})
