/** The jobs screen's filters and the address bar: ?status=&employer=&q= */
import { hasAny, readParams, writeParams } from '../../admin'
import { JOB_STATUSES, type JobStatus } from '../types'

export type JobFilters = { status: JobStatus | ''; employer: string; q: string }

const KEYS = ['status', 'employer', 'q'] as const

export function jobFiltersFromParams(params: URLSearchParams): JobFilters {
  const raw = readParams(params, KEYS)
  // "active" is the contract's first name for "open": old links keep working
  const named = raw.status === 'active' ? 'open' : raw.status
  const status = (JOB_STATUSES as readonly string[]).includes(named) ? (named as JobStatus) : ''
  return { status, employer: raw.employer, q: raw.q }
}

export const jobFiltersToParams = (f: JobFilters) => writeParams(f, KEYS)

export const jobFiltersActive = (f: JobFilters) => hasAny(f, KEYS)

