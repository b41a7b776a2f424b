/**
 * What a job list is asked for, kept in the address so a reload, Back and a shared link show the
 * same list: the filters, the sort and the page, read from and written to URL search params. Also
 * the sort itself (newest first, or salary high to low) and the specialisation filter. Shared by
 * the public board (/jobs/find) and the candidate portal's Browse Jobs, as pure functions.
 */
import { SPECIALISATIONS, type Specialisation } from '../../../lib/specialisations'
import { JOB_TYPES, type Job, type JobType, type SalaryRange } from '../types'

export type JobSort = 'newest' | 'salary'

export const JOB_SORTS: readonly { value: JobSort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'salary', label: 'Salary (high to low)' },
]

/** One list's request. `location` is the board's location name or the portal's location id. */
export type JobSearch = {
  title: string
  location: string
  salaryRangeId: string
  /** one of the four job types, or empty for all */
  type: JobType | ''
  /** one of the nine specialisations (SPEC 1), or empty for all */
  specialisation: Specialisation | ''
  sort: JobSort
  /** 1-based; a page past the last one shows the last one */
  page: number
}

export const EMPTY_JOB_SEARCH: JobSearch = { title: '', location: '', salaryRangeId: '', type: '', specialisation: '', sort: 'newest', page: 1 }

/** The address's parameter names. `title` and `location` are the home page's search's too. */
export const SEARCH_PARAMS = {
  title: 'title',
  location: 'location',
  salaryRangeId: 'salary',
  type: 'type',
  specialisation: 'specialisation',
  sort: 'sort',
  page: 'page',
} as const satisfies Record<keyof JobSearch, string>

/** "Security + Cyber Security" -> "security-cyber-security": readable in the address bar (the same
 *  words as the /services pages' paths) instead of "Security+%2B+Cyber+Security". */
export function specialisationSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** The specialisation a slug names, or '' for one that names none. */
export function specialisationFromSlug(slug: string | null): Specialisation | '' {
  if (!slug) return ''
  return SPECIALISATIONS.find((s) => specialisationSlug(s) === slug.trim().toLowerCase()) ?? ''
}

/** The job type a value names in any case ("contract" -> "Contract", as a hand-typed address may
 *  have it), or '' (any) for one that names none. */
export function jobTypeFromName(name: string | null): JobType | '' {
  const wanted = name?.trim().toLowerCase()
  return (wanted && JOB_TYPES.find((t) => t.toLowerCase() === wanted)) || ''
}

/** The search in an address. Anything it cannot read (a page of "abc", an unknown sort, job type
 *  or specialisation) falls back to the default rather than to an empty list. */
export function readJobSearch(params: URLSearchParams): JobSearch {
  const text = (key: string) => params.get(key)?.slice(0, 200) ?? ''
  const page = Number.parseInt(params.get(SEARCH_PARAMS.page) ?? '', 10)
  return {
    title: text(SEARCH_PARAMS.title),
    location: text(SEARCH_PARAMS.location),
    salaryRangeId: text(SEARCH_PARAMS.salaryRangeId),
    type: jobTypeFromName(params.get(SEARCH_PARAMS.type)),
    specialisation: specialisationFromSlug(params.get(SEARCH_PARAMS.specialisation)),
    sort: params.get(SEARCH_PARAMS.sort) === 'salary' ? 'salary' : 'newest',
    page: Number.isFinite(page) && page > 1 ? Math.min(page, 10_000) : 1,
  }
}

/** `params` with `search` written into it: defaults (no filter, newest first, page 1) are left
 *  out so a plain board has a plain address, and parameters that are not the search's own (the
 *  portal's ?apply=) are kept. */
export function writeJobSearch(params: URLSearchParams, search: JobSearch): URLSearchParams {
  const next = new URLSearchParams(params)
  const put = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key))
  put(SEARCH_PARAMS.title, search.title)
  put(SEARCH_PARAMS.location, search.location)
  put(SEARCH_PARAMS.salaryRangeId, search.salaryRangeId)
  put(SEARCH_PARAMS.type, search.type)
  put(SEARCH_PARAMS.specialisation, search.specialisation ? specialisationSlug(search.specialisation) : '')
  put(SEARCH_PARAMS.sort, search.sort === 'newest' ? '' : search.sort)
  put(SEARCH_PARAMS.page, search.page > 1 ? String(search.page) : '')
  return next
}

/** A change to the search: any change but the page's own starts again at page 1. */
export function changeJobSearch(search: JobSearch, patch: Partial<JobSearch>): JobSearch {
  return { ...search, page: 1, ...patch }
}

export const matchesSpecialisation = (job: Pick<Job, 'specialisation'>, specialisation: Specialisation | '') =>
  !specialisation || job.specialisation === specialisation

/* ---------- salary: one comparable yearly figure per job ---------- */

/** An Australian working year, to set a day or an hour rate beside a salary: 220 days of 7.6 hours. */
export const WORK_DAYS_A_YEAR = 220
export const WORK_HOURS_A_DAY = 7.6

const AMOUNT = /(\$)?\s*(\d[\d,]*(?:\.\d+)?)\s*(k|m)?(?![\d%a-z])/gi
const PER_HOUR = /per\s*h(ou)?r|\/\s*h(ou)?r|\bp\.?\s?h\b|hourly/i
const PER_DAY = /per\s*day|\/\s*day|\bp\.?\s?d\b|daily/i

/**
 * The yearly pay a salary text states, the middle of a range ("$170k - $190k + super" -> 180000),
 * a day rate times 220 days, an hour rate times 1,672 hours; null when it states none
 * ("Competitive", "DOE"). An amount counts when it has a $ or a k (so "10% super" and "6 months"
 * are not pay) or is 1,000 or more ("150000").
 */
export function yearlyPayFromText(text: string | null | undefined): number | null {
  if (!text) return null
  const amounts: number[] = []
  for (const [, dollar, digits, suffix] of text.matchAll(AMOUNT)) {
    const value = Number.parseFloat(digits.replace(/,/g, ''))
    if (!Number.isFinite(value)) continue
    const unit = suffix?.toLowerCase()
    if (!dollar && !unit && value < 1000) continue
    amounts.push(unit === 'k' ? value * 1_000 : unit === 'm' ? value * 1_000_000 : value)
    if (amounts.length === 2) break
  }
  if (amounts.length === 0) return null
  const middle = amounts.reduce((a, b) => a + b, 0) / amounts.length
  if (PER_HOUR.test(text)) return Math.round(middle * WORK_HOURS_A_DAY * WORK_DAYS_A_YEAR)
  if (PER_DAY.test(text)) return Math.round(middle * WORK_DAYS_A_YEAR)
  return Math.round(middle)
}

/** The middle of a salary range from the reference data, its floor when it has no top ("$220,000+"). */
export function yearlyPayFromRange(range: Pick<SalaryRange, 'min' | 'max'> | undefined): number | null {
  if (!range || range.min == null) return null
  return range.max == null ? range.min : Math.round((range.min + range.max) / 2)
}

/**
 * What "Salary (high to low)" sorts a job by: the pay its card shows, so the order agrees with what
 * the person reads; when the card says "Competitive salary", the salary range the employer picked;
 * null (sorted last) when it has neither.
 */
export function salarySortKey(job: Pick<Job, 'salary' | 'salary_range_id'>, ranges: readonly SalaryRange[]): number | null {
  const stated = yearlyPayFromText(job.salary)
  if (stated != null) return stated
  if (job.salary_range_id == null || job.salary_range_id === '') return null
  return yearlyPayFromRange(ranges.find((r) => String(r.id) === String(job.salary_range_id)))
}

const postedAt = (job: Pick<Job, 'created_at'>) => {
  const t = Date.parse(job.created_at)
  return Number.isNaN(t) ? 0 : t
}

/** Newest first; or highest pay first, jobs with no pay to compare last, equal pay newest first. */
export function sortJobs<J extends Job>(jobs: readonly J[], sort: JobSort, ranges: readonly SalaryRange[]): J[] {
  const newest = (a: J, b: J) => postedAt(b) - postedAt(a)
  if (sort === 'newest') return [...jobs].sort(newest)
  const keyed = jobs.map((job) => ({ job, key: salarySortKey(job, ranges) }))
  keyed.sort((a, b) => {
    if (a.key == null || b.key == null) return a.key == null && b.key == null ? newest(a.job, b.job) : a.key == null ? 1 : -1
    return b.key - a.key || newest(a.job, b.job)
  })
  return keyed.map((k) => k.job)
}

/* ---------- closing soon: the portal's jobs the public board no longer lists ---------- */

const HOUR_MS = 60 * 60 * 1000

/** Hours left before the deadline when 24 or fewer remain (the jobs the public board hides, SPEC 9),
 *  else null. Past deadlines are null too: the server closes those. */
export function hoursLeftIfClosingSoon(job: Pick<Job, 'expires_at'>, now: Date): number | null {
  if (!job.expires_at) return null
  const left = Date.parse(job.expires_at) - now.getTime()
  if (Number.isNaN(left) || left <= 0 || left > 24 * HOUR_MS) return null
  return left / HOUR_MS
}

/** "Closes in 5 hours", "Closes in 1 hour", "Closes in under an hour": how long is left, in the words a
 *  person reads at a glance (a date alone leaves them working out whether it is today). */
export function closingSoonText(hoursLeft: number): string {
  if (hoursLeft < 1) return 'Closes in under an hour'
  const hours = Math.floor(hoursLeft)
  return `Closes in ${hours} ${hours === 1 ? 'hour' : 'hours'}`
}
