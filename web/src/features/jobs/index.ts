/**
 * Public face of the jobs feature: the Job type, the job-board and reference-data queries (one
 * cache key each, so the public board and the candidate portal share what they fetched) and the
 * description rule. Other features import from here, never from a file inside.
 *
 * Like every feature's index, it does not re-export route pages (components/JobBoardPage,
 * JobDetailPage): a page pulls in its stylesheet, which the bundler keeps even when the re-export
 * is unused, so every importer's chunk would download the board. app/ lazy-loads page modules.
 */
export type { Job, JobType, ReferenceItem, SalaryRange } from './types'
export { COMPETITIVE_SALARY, JOB_TYPES, salaryText } from './types'
export { jobKeys } from './api/keys'
export { jobBoardQueryOptions, useJobBoard } from './api/get-job-board'
export { jobQueryOptions, useJob } from './api/get-job'
export { locationsQueryOptions, referenceOptions, salaryRangesQueryOptions, useLocations, useSalaryRanges } from './api/get-reference'
export { DESCRIPTION_PREVIEW_LENGTH, descriptionPreview, hasHiddenDetails } from './model/description'
export {
  closingSoonText,
  EMPTY_JOB_SEARCH,
  readJobSearch,
  writeJobSearch,
  hoursLeftIfClosingSoon,
  JOB_SORTS,
  jobTypeFromName,
  matchesSpecialisation,
  sortJobs,
  type JobSearch,
  type JobSort,
} from './model/jobSearch'
export { useJobSearch } from './hooks/useJobSearch'
export { JobDescription } from './components/JobDescription'
export { JobDetailBody } from './components/JobDetailBody'
