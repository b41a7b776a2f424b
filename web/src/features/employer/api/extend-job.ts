/** POST /api/employer/jobs/{id}/extend {expires_at}: a later closing date. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import { employerPost } from './client'
import { employerKeys } from './keys'

export const extendJob = ({ id, expires_at }: { id: string; expires_at: string }) =>
  employerPost<ApiReply<'extend'>>(`/api/employer/jobs/${encodeURIComponent(id)}/extend`, { expires_at })

export function useExtendJob() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: extendJob, onSuccess: () => qc.invalidateQueries({ queryKey: employerKeys.jobs() }) })
}
