/**
 * POST /api/candidate/resume/upload multipart {resume} (SPEC 7.5). The server also files a copy
 * among the documents as a Resume (`documentId`), so the apply dialog offers it: the documents are
 * read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import { candidateFetch } from './client'
import { profileQueryOptions } from './get-profile'
import { candidateKeys } from './keys'

export function uploadResume(file: File) {
  const form = new FormData()
  form.append('resume', file)
  return candidateFetch<ApiReply<'upload_resume'>>('/api/candidate/resume/upload', { method: 'POST', body: form })
}

export function useUploadResume() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: uploadResume,
    onSuccess: (data) => {
      qc.setQueryData(profileQueryOptions().queryKey, (old) =>
        old ? { ...old, resumeFilename: data.filename, resumeOriginalName: data.originalName } : old,
      )
      return qc.invalidateQueries({ queryKey: candidateKeys.documents() })
    },
  })
}
