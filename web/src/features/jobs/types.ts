/** Shapes the public job board reads from the server (SPEC 3, docs/API.md): the server's own types. */
import { everyOf, type ApiSchema } from '../../api'

/** A listing; `status` is open, closed or expired, `salary` empty when the employer gave none. */
export type Job = ApiSchema<'Job'>

/** A location or a salary range as a choice in a list. */
export type ReferenceItem = Pick<ApiSchema<'Location'>, 'id' | 'display_name'>

export type SalaryRange = ApiSchema<'SalaryRange'>

export type JobType = ApiSchema<'JobType'>

/** The four job types (SPEC 1), every one the server has. */
export const JOB_TYPES = everyOf<JobType>()(['Full-time', 'Part-time', 'Contract', 'Temporary'])

export const COMPETITIVE_SALARY = 'Competitive salary'

export const salaryText = (job: Pick<Job, 'salary'>) => (job.salary && job.salary.trim() ? job.salary : COMPETITIVE_SALARY)
