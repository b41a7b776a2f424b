/** Client-side filtering of the dashboard job list (SPEC 5, candidate dashboard job filtering). */
import type { Specialisation } from '../../../lib/specialisations'
import { matchesSpecialisation, type Job, type JobType } from '../../jobs'

export type JobFilters = { search: string; locationId: string; salaryRangeId: string; type: JobType | ''; specialisation: Specialisation | '' }

export const EMPTY_JOB_FILTERS: JobFilters = { search: '', locationId: '', salaryRangeId: '', type: '', specialisation: '' }

/** Title contains the text (case-insensitive); location, salary range, type and specialisation must
 *  equal the selection (the specialisation is ours: the SPEC's filters are the first four). */
export function filterDashboardJobs(jobs: Job[], filters: JobFilters): Job[] {
  const text = filters.search.trim().toLowerCase()
  return jobs.filter((job) => {
    if (text && !(job.title ?? '').toLowerCase().includes(text)) return false
    if (filters.locationId && String(job.location_id ?? '') !== filters.locationId) return false
    if (filters.salaryRangeId && String(job.salary_range_id ?? '') !== filters.salaryRangeId) return false
    if (filters.type && job.type !== filters.type) return false
    if (!matchesSpecialisation(job, filters.specialisation)) return false
    return true
  })
}

/** The type options: the distinct types of the loaded jobs, in first-seen order. */
export function jobTypeOptions(jobs: Job[]): Job['type'][] {
  return [...new Set(jobs.map((j) => j.type))]
}

