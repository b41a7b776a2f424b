/** Public job board filtering (SPEC 5), as pure functions of the jobs, the filters and the clock. */
import type { Specialisation } from '../../../lib/specialisations'
import type { Job, JobType } from '../types'
import { matchesSpecialisation } from './jobSearch'

export type JobBoardFilters = {
  title: string
  /** a location display name; empty means any */
  location: string
  /** a salary range id; empty means any */
  salaryRangeId: string
  /** a job type; empty means any */
  type: JobType | ''
  /** one of the nine specialisations; empty means any */
  specialisation: Specialisation | ''
}

export const EMPTY_JOB_FILTERS: JobBoardFilters = { title: '', location: '', salaryRangeId: '', type: '', specialisation: '' }

export const JOBS_PER_PAGE = 5

/** A job is hidden once 24 hours or less remain before its deadline (SPEC 9). */
export const EXPIRY_CUTOFF_MS = 24 * 60 * 60 * 1000

export function isListable(job: Pick<Job, 'expires_at'>, now: Date): boolean {
  if (!job.expires_at) return true
  const expires = Date.parse(job.expires_at)
  if (Number.isNaN(expires)) return true
  return expires - now.getTime() > EXPIRY_CUTOFF_MS
}

const contains = (haystack: string | null | undefined, needle: string) =>
  (haystack ?? '').toLowerCase().includes(needle.trim().toLowerCase())

export function matchesFilters(job: Job, filters: JobBoardFilters): boolean {
  if (filters.title.trim() && !contains(job.title, filters.title)) return false
  if (filters.location && !contains(job.location, filters.location)) return false
  // readJobSearch takes the address's type in any case and spells it as the server does
  if (filters.type && job.type !== filters.type) return false
  if (filters.salaryRangeId && String(job.salary_range_id ?? '') !== filters.salaryRangeId) return false
  if (!matchesSpecialisation(job, filters.specialisation)) return false
  return true
}

export function filterJobBoard(jobs: readonly Job[], filters: JobBoardFilters, now: Date): Job[] {
  return jobs.filter((job) => isListable(job, now) && matchesFilters(job, filters))
}

