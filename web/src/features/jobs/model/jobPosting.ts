/** Job status on the detail page and its schema.org JobPosting markup (open jobs only). */
import type { Job, SalaryRange } from '../types'

export function isJobClosed(job: Pick<Job, 'status' | 'expires_at'>, now: Date): boolean {
  if (job.status === 'closed' || job.status === 'expired') return true
  if (job.expires_at) {
    const expires = Date.parse(job.expires_at)
    if (!Number.isNaN(expires) && expires <= now.getTime()) return true
  }
  return false
}

/** schema.org's employmentType for each of the server's job types (tsc requires every one). */
const EMPLOYMENT_TYPES: Record<Job['type'], string> = {
  'Full-time': 'FULL_TIME',
  'Part-time': 'PART_TIME',
  Contract: 'CONTRACTOR',
  Temporary: 'TEMPORARY',
}

export const employmentType = (type: Job['type']): string => EMPLOYMENT_TYPES[type]

/** 'Sydney, NSW' -> locality Sydney, region NSW. */
export function splitLocation(location: string): { locality: string; region?: string } {
  const parts = location
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
  if (parts.length < 2) return { locality: parts[0] ?? location.trim() }
  return { locality: parts[0], region: parts[parts.length - 1] }
}

export function buildJobPosting(job: Job, salaryRanges: readonly SalaryRange[]): Record<string, unknown> {
  const { locality, region } = splitLocation(job.location ?? '')
  const posting: Record<string, unknown> = {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: job.title,
    description: job.description,
    datePosted: job.created_at,
    hiringOrganization: { '@type': 'Organization', name: job.company },
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        addressLocality: locality,
        ...(region ? { addressRegion: region } : {}),
        addressCountry: 'AU',
      },
    },
  }
  if (job.expires_at) posting.validThrough = job.expires_at
  posting.employmentType = employmentType(job.type)
  const range = salaryRanges.find((r) => String(r.id) === String(job.salary_range_id ?? ''))
  if (range && (typeof range.min === 'number' || typeof range.max === 'number')) {
    posting.baseSalary = {
      '@type': 'MonetaryAmount',
      currency: 'AUD',
      value: {
        '@type': 'QuantitativeValue',
        ...(typeof range.min === 'number' ? { minValue: range.min } : {}),
        ...(typeof range.max === 'number' ? { maxValue: range.max } : {}),
        unitText: 'YEAR',
      },
    }
  }
  return posting
}

/** JSON for an inline script: '<' escaped so the text can never close the tag. */
export const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')
