/** PUT / DELETE /api/candidate/saved-jobs/{id}: save a job, or take it off the list (both idempotent). */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import { bearerFetch } from '../../../lib/api'
import type { SavedJobList } from '../types'
import { savedJobKeys } from './keys'

export type ToggleSavedJob = { jobId: string; save: boolean }

export function toggleSavedJob({ jobId, save }: ToggleSavedJob) {
  return bearerFetch<ApiReply<'save'>>('candidate', `/api/candidate/saved-jobs/${encodeURIComponent(jobId)}`, {
    method: save ? 'PUT' : 'DELETE',
  })
}

export function useToggleSavedJob() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: toggleSavedJob,
    onSuccess: (_, { jobId, save }) => {
      // an unsaved job leaves the list at once; a saved one comes back with its details on refetch
      if (!save)
        qc.setQueryData<SavedJobList>(savedJobKeys.list(), (old) =>
          old ? { ...old, saved_jobs: old.saved_jobs.filter((j) => j.job_id !== jobId) } : old,
        )
      return qc.invalidateQueries({ queryKey: savedJobKeys.all })
    },
  })
}
