/** A job the candidate saved, as GET /api/candidate/saved-jobs lists it (docs/API.md). */
export type SavedJob = {
  job_id: string
  title: string
  company: string
  location: string
  type: string
  salary: string
  /** `open`, `expired` (its closing date passed) or `closed`. */
  status: string
  expires_at?: string | null
  saved_at: string
}

export type SavedJobList = { saved_jobs: SavedJob[]; limit: number }
