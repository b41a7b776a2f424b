/** POST /api/employer/jobs/{id}/reopen {expires_at?}: a closed job goes back on the board. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import { employerPost } from './client'
import { employerKeys } from './keys'

export const reopenJob = ({ id, expires_at }: { id: string; expires_at?: string }) =>
  employerPost<ApiReply<'reopen'>>(`/api/employer/jobs/${encodeURIComponent(id)}/reopen`, expires_at ? { expires_at } : {})

export function useReopenJob() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: reopenJob, onSuccess: () => qc.invalidateQueries({ queryKey: employerKeys.jobs() }) })
}
