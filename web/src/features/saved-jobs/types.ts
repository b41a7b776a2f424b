/** A job the candidate saved, as GET /api/candidate/saved-jobs lists it (docs/API.md): the server's types. */
import type { ApiSchema } from '../../api'

/** `status` is never `draft`: a draft cannot be saved. */
export type SavedJob = ApiSchema<'SavedJob'>

export type SavedJobList = ApiSchema<'SavedJobs'>
