/** Query keys of the employer workspace: one factory so every hook, mutation and socket event agrees. */
import type { PipelineFilter } from '../types'

export const employerKeys = {
  all: ['employer'] as const,
  jobs: () => [...employerKeys.all, 'jobs'] as const,
  jobList: () => [...employerKeys.jobs(), 'list'] as const,
  pipelines: (jobId: string) => [...employerKeys.jobs(), jobId, 'pipeline'] as const,
  pipeline: (jobId: string, filter: PipelineFilter) => [...employerKeys.pipelines(jobId), filter] as const,
  report: (jobId: string) => [...employerKeys.jobs(), jobId, 'report'] as const,
  applicants: () => [...employerKeys.all, 'applicant'] as const,
  applicant: (id: string) => [...employerKeys.applicants(), id] as const,
  company: () => [...employerKeys.all, 'company'] as const,
  /** The booked interviews not yet finished (those under way too) across every job. */
  interviews: () => [...employerKeys.all, 'interviews'] as const,
  /** The reasons a rejection may give: the server's fixed list, read once. */
  rejectionReasons: () => [...employerKeys.all, 'rejection-reasons'] as const,
}

/** Any job's pipeline query: a scorecard changes a card's rating, and its event does not name the job. */
export const isPipelineKey = (key: readonly unknown[]) => key[0] === employerKeys.all[0] && key[1] === 'jobs' && key[3] === 'pipeline'

