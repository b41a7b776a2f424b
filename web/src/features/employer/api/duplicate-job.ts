/** POST /api/employer/jobs/{id}/duplicate: a new draft with the same content. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import { employerPost } from './client'
import { employerKeys } from './keys'

export const duplicateJob = (id: string) => employerPost<ApiReply<'duplicate'>>(`/api/employer/jobs/${encodeURIComponent(id)}/duplicate`)

export function useDuplicateJob() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: duplicateJob, onSuccess: () => qc.invalidateQueries({ queryKey: employerKeys.jobs() }) })
}
