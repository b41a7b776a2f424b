/** POST /api/employer/jobs: a new job, published at once or kept as a draft (`draft: true`). */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import type { JobBody } from '../types'
import { employerPost } from './client'
import { employerKeys } from './keys'

export const createJob = (body: JobBody) => employerPost<ApiReply<'create_job'>>('/api/employer/jobs', body)

export function useCreateJob() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: createJob, onSuccess: () => qc.invalidateQueries({ queryKey: employerKeys.jobs() }) })
}
