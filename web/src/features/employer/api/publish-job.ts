/** POST /api/employer/jobs/{id}/publish: a draft goes on the board, dated from now. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import { employerPost } from './client'
import { employerKeys } from './keys'

export const publishJob = (id: string) => employerPost<ApiReply<'publish'>>(`/api/employer/jobs/${encodeURIComponent(id)}/publish`)

export function usePublishJob() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: publishJob, onSuccess: () => qc.invalidateQueries({ queryKey: employerKeys.jobs() }) })
}
