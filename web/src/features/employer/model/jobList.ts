/**
 * The jobs table's search and status filter: a job's status falls in one of three groups (an
 * expired job takes no applications, so it is with the closed ones), the title is matched in any
 * case, and both live in the address so a link or the back button keeps them.
 */
import type { EmployerJob, JobStatus } from '../types'

export const JOB_GROUPS = ['all', 'open', 'draft', 'closed'] as const
export type JobGroup = (typeof JOB_GROUPS)[number]

export const JOB_GROUP_LABELS: Record<JobGroup, string> = { all: 'All', open: 'Open', draft: 'Draft', closed: 'Closed' }

export function jobGroup(status: JobStatus): Exclude<JobGroup, 'all'> {
  switch (status) {
    case 'draft':
      return 'draft'
    case 'open':
      return 'open'
    case 'closed':
    case 'expired':
      return 'closed'
  }
}

export const parseJobGroup = (value: string | null): JobGroup => (JOB_GROUPS as readonly string[]).includes(value ?? '') ? (value as JobGroup) : 'all'

export function groupCounts(jobs: Pick<EmployerJob, 'status'>[]): Record<JobGroup, number> {
  const counts: Record<JobGroup, number> = { all: jobs.length, open: 0, draft: 0, closed: 0 }
  for (const j of jobs) counts[jobGroup(j.status)] += 1
  return counts
}

export function filterJobs<T extends Pick<EmployerJob, 'status' | 'title'>>(jobs: T[], q: string, group: JobGroup): T[] {
  const words = q.trim().toLowerCase().split(/\s+/).filter(Boolean)
  return jobs.filter((j) => (group === 'all' || jobGroup(j.status) === group) && words.every((w) => j.title.toLowerCase().includes(w)))
}

/** The address's query for a search and a group: empty parts left out, so a plain list is /dashboard. */
export function jobListParams(q: string, group: JobGroup): Record<string, string> {
  const params: Record<string, string> = {}
  if (q.trim()) params.q = q
  if (group !== 'all') params.status = group
  return params
}

/** The one action a row shows beside its More menu: what a job in that status most often needs next. */
export function primaryJobAction(status: string): 'publish' | 'applicants' | 'reopen' {
  if (status === 'draft') return 'publish'
  if (status === 'open') return 'applicants'
  return 'reopen'
}
