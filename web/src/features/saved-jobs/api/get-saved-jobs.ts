/** GET /api/candidate/saved-jobs: the candidate's saved jobs, the last saved first. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { bearerFetch } from '../../../lib/api'
import type { SavedJobList } from '../types'
import { savedJobKeys } from './keys'

export async function getSavedJobs(): Promise<SavedJobList> {
  const data = await bearerFetch<Partial<SavedJobList>>('candidate', '/api/candidate/saved-jobs')
  return { saved_jobs: Array.isArray(data?.saved_jobs) ? data.saved_jobs : [], limit: data?.limit ?? 200 }
}

export const savedJobsQueryOptions = () => queryOptions({ queryKey: savedJobKeys.list(), queryFn: getSavedJobs })

/** Only asked for while a candidate is signed in (the public board renders for everyone). */
export const useSavedJobs = (signedIn = true) => useQuery({ ...savedJobsQueryOptions(), enabled: signedIn })
