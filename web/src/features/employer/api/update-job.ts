/** PUT /api/employer/jobs/{id}: edits a job, draft or published. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import type { JobBody } from '../types'
import { employerFetch } from './client'
import { employerKeys } from './keys'

export const updateJob = ({ id, body }: { id: string; body: JobBody }) =>
  employerFetch<ApiReply<'update_job'>>(`/api/employer/jobs/${encodeURIComponent(id)}`, { method: 'PUT', body })

export function useUpdateJob() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: updateJob, onSuccess: () => qc.invalidateQueries({ queryKey: employerKeys.jobs() }) })
}
