import { describe, expect, it } from 'vitest'
import type { Job } from '../types'
import { buildJobPosting, employmentType, isJobClosed, jsonForScript, splitLocation } from './jobPosting'

const NOW = new Date('2025-03-10T00:00:00Z')

const job: Job = {
  id: 'j1',
  title: 'Cloud Engineer',
  company: 'Harbour Client Pty Ltd',
  location: 'Sydney, NSW',
  location_id: 'syd',
  type: 'Contract',
  salary: '',
  salary_range_id: 'sr-2',
  description: 'Run the platform.',
  created_at: '2025-03-01T00:00:00Z',
  expires_at: '2025-04-01T00:00:00Z',
  status: 'open',
  specialisation: 'Cloud + Infrastructure',
  responsibilities: [],
  requirements: [],
}

describe('isJobClosed', () => {
  it('is open while status is open and the deadline is ahead', () => {
    expect(isJobClosed(job, NOW)).toBe(false)
    expect(isJobClosed({ ...job, expires_at: null }, NOW)).toBe(false)
  })
  it('is closed for status closed or expired, or a passed deadline', () => {
    expect(isJobClosed({ ...job, status: 'closed' }, NOW)).toBe(true)
    expect(isJobClosed({ ...job, status: 'expired' }, NOW)).toBe(true)
    expect(isJobClosed({ ...job, expires_at: '2025-03-09T23:59:59Z' }, NOW)).toBe(true)
  })
})

describe('buildJobPosting', () => {
  it('maps employment types', () => {
    expect(employmentType('Full-time')).toBe('FULL_TIME')
    expect(employmentType('Part-time')).toBe('PART_TIME')
    expect(employmentType('Contract')).toBe('CONTRACTOR')
    expect(employmentType('Temporary')).toBe('TEMPORARY')
  })

  it('splits the location text into locality and region', () => {
    expect(splitLocation('Sydney, NSW')).toEqual({ locality: 'Sydney', region: 'NSW' })
    expect(splitLocation('Remote')).toEqual({ locality: 'Remote' })
  })

  it('builds the schema.org JobPosting with a salary band when the range is known', () => {
    const posting = buildJobPosting(job, [
      { id: 'sr-1', display_name: '$80k-$100k', min: 80000, max: 100000 },
      { id: 'sr-2', display_name: '$100k-$120k', min: 100000, max: 120000 },
    ])
    expect(posting).toEqual({
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title: 'Cloud Engineer',
      description: 'Run the platform.',
      datePosted: '2025-03-01T00:00:00Z',
      validThrough: '2025-04-01T00:00:00Z',
      employmentType: 'CONTRACTOR',
      hiringOrganization: { '@type': 'Organization', name: 'Harbour Client Pty Ltd' },
      jobLocation: {
        '@type': 'Place',
        address: { '@type': 'PostalAddress', addressLocality: 'Sydney', addressRegion: 'NSW', addressCountry: 'AU' },
      },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'AUD',
        value: { '@type': 'QuantitativeValue', minValue: 100000, maxValue: 120000, unitText: 'YEAR' },
      },
    })
  })

  it('leaves out validThrough and baseSalary when unknown', () => {
    const posting = buildJobPosting({ ...job, expires_at: null, salary_range_id: null }, [])
    expect(posting).not.toHaveProperty('validThrough')
    expect(posting).not.toHaveProperty('baseSalary')
  })

  it('escapes < so the JSON cannot close its script tag', () => {
    expect(jsonForScript({ d: '</script>' })).not.toContain('</script>')
  })
})
