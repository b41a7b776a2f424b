/** Shapes the public job board reads from the server (SPEC 3, docs/API.md). */
export type JobStatus = 'open' | 'closed' | 'expired'

export type Job = {
  id: string
  title: string
  company: string
  location: string
  location_id: string | number | null
  type: string
  /** display text, or empty when the employer did not give one */
  salary: string | null
  salary_range_id: string | number | null
  description: string
  responsibilities?: string[] | null
  requirements?: string[] | null
  created_at: string
  /** the application deadline */
  expires_at?: string | null
  status?: JobStatus | string
  specialisation?: string | null
}

export type ReferenceItem = { id: string | number; display_name: string }

export type SalaryRange = ReferenceItem & { min?: number | null; max?: number | null }

export const JOB_TYPES = ['Full-time', 'Part-time', 'Contract', 'Temporary'] as const

export const COMPETITIVE_SALARY = 'Competitive salary'

export const salaryText = (job: Pick<Job, 'salary'>) => (job.salary && job.salary.trim() ? job.salary : COMPETITIVE_SALARY)
