/** The job form: its text fields, the body the server takes, what a job's status allows, and the preview's job. */
import { sydneyDay } from '../../../lib/format'
import type { Job, ReferenceItem } from '../../jobs'
import type { EmployerJob, JobBody } from '../types'

export type JobFormValues = {
  title: string
  location_id: string
  type: string
  salary: string
  salary_range_id: string
  description: string
  /** one item a line */
  responsibilities: string
  requirements: string
  /** YYYY-MM-DD, Sydney's calendar */
  expires_on: string
  specialisation: string
}

export const EMPTY_JOB_FORM: JobFormValues = {
  title: '',
  location_id: '',
  type: 'Full-time',
  salary: '',
  salary_range_id: '',
  description: '',
  responsibilities: '',
  requirements: '',
  expires_on: '',
  specialisation: '',
}

export const linesToList = (text: string) =>
  text
    .split('\n')
    .map((l) => l.replace(/^\s*[-•*]\s*/, '').trim())
    .filter(Boolean)

/** The offset of Australia/Sydney on a calendar day, as "+10:00" or "+11:00" (daylight saving). */
export function sydneyOffset(day: string): string {
  const noonUtc = new Date(`${day}T12:00:00Z`)
  const name = new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Sydney', timeZoneName: 'longOffset' })
    .formatToParts(noonUtc)
    .find((p) => p.type === 'timeZoneName')?.value
  const m = name?.match(/GMT([+-]\d{2}:\d{2})/)
  return m ? m[1] : '+10:00'
}

/** A job's closing date as the Sydney calendar day it falls on (YYYY-MM-DD): lib/format's, which the admin overview shares. */
export { sydneyDay }

/** A closing day means applications close at the end of that day in Sydney. */
export const closingInstant = (day: string) => `${day}T23:59:00${sydneyOffset(day)}`

/** The missing fields the server would refuse with a parsing error rather than a sentence. */
export function jobFormProblems(v: JobFormValues): Partial<Record<keyof JobFormValues, string>> {
  const problems: Partial<Record<keyof JobFormValues, string>> = {}
  if (!v.title.trim()) problems.title = 'Give the job a title'
  if (!v.location_id) problems.location_id = 'Choose where the job is based'
  if (!v.specialisation) problems.specialisation = 'Choose a specialisation'
  if (!v.description.trim()) problems.description = 'Describe the role'
  return problems
}

export function toJobBody(v: JobFormValues, draft: boolean): JobBody {
  const body: JobBody = {
    title: v.title.trim(),
    location_id: v.location_id,
    job_type: v.type,
    description: v.description.trim(),
    responsibilities: linesToList(v.responsibilities),
    requirements: linesToList(v.requirements),
    specialisation: v.specialisation,
  }
  if (v.salary.trim()) body.salary = v.salary.trim()
  if (v.salary_range_id) body.salary_range_id = v.salary_range_id
  if (v.expires_on) body.expires_at = closingInstant(v.expires_on)
  if (draft) body.draft = true
  return body
}

export function fromJob(job: EmployerJob): JobFormValues {
  return {
    title: job.title,
    location_id: job.location_id == null ? '' : String(job.location_id),
    type: job.type,
    salary: job.salary ?? '',
    salary_range_id: job.salary_range_id == null ? '' : String(job.salary_range_id),
    description: job.description,
    responsibilities: (job.responsibilities ?? []).join('\n'),
    requirements: (job.requirements ?? []).join('\n'),
    expires_on: job.expires_at ? sydneyDay(job.expires_at) : '',
    specialisation: job.specialisation ?? '',
  }
}

/** A listing as the form has it so far: its type and specialisation may not be chosen yet. */
export type JobPreview = Omit<Job, 'type' | 'specialisation'> & { type: string; specialisation: string }

/** The job as the public page would show it, from what is typed so far. */
export function previewJob(v: JobFormValues, company: string, locations: ReferenceItem[]): JobPreview {
  return {
    id: 'preview',
    title: v.title.trim() || 'Job title',
    company,
    location: locations.find((l) => String(l.id) === v.location_id)?.display_name ?? '',
    location_id: v.location_id || null,
    type: v.type,
    salary: v.salary,
    salary_range_id: v.salary_range_id || null,
    description: v.description,
    responsibilities: linesToList(v.responsibilities),
    requirements: linesToList(v.requirements),
    created_at: new Date().toISOString(),
    expires_at: v.expires_on ? closingInstant(v.expires_on) : null,
    status: 'open',
    specialisation: v.specialisation,
  }
}

export type JobAction = 'publish' | 'close' | 'reopen' | 'extend' | 'duplicate' | 'edit'

/** What the list offers for a job in each status (the server enforces the same). */
export function jobActions(status: string): JobAction[] {
  switch (status) {
    case 'draft':
      return ['edit', 'publish', 'duplicate']
    case 'open':
      return ['edit', 'extend', 'close', 'duplicate']
    case 'closed':
    case 'expired':
      return ['edit', 'reopen', 'duplicate']
    default:
      return ['duplicate']
  }
}
