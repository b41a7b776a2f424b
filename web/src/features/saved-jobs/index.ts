/**
 * Saved jobs (issue 27): the save button the public board, the job page and the portal share, the
 * portal's list of saved jobs, and the hook that saves a job chosen before signing in.
 */
export type { SavedJob } from './types'
export { savedJobKeys } from './api/keys'
export { useSavedJobs } from './api/get-saved-jobs'
export { SaveJobButton } from './components/SaveJobButton'
export { SavedJobsList } from './components/SavedJobsList'
export { useSaveIntent } from './components/useSaveIntent'
export { savedStanding } from './model/saved'
