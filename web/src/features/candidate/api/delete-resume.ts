/** DELETE /api/candidate/resume (SPEC 7.5). */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import { candidateFetch } from './client'
import { profileQueryOptions } from './get-profile'

export const deleteResume = () => candidateFetch<ApiReply<'delete_resume'>>('/api/candidate/resume', { method: 'DELETE' })

export function useDeleteResume() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: deleteResume,
    onSuccess: () => {
      qc.setQueryData(profileQueryOptions().queryKey, (old) =>
        old ? { ...old, resumeFilename: null, resumeOriginalName: null } : old,
      )
    },
  })
}
