/** POST /api/employer/jobs/{id}/close: the job leaves the board; its applicants stay. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import { employerPost } from './client'
import { employerKeys } from './keys'

export const closeJob = (id: string) => employerPost<ApiReply<'close'>>(`/api/employer/jobs/${encodeURIComponent(id)}/close`)

export function useCloseJob() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: closeJob, onSuccess: () => qc.invalidateQueries({ queryKey: employerKeys.jobs() }) })
}
