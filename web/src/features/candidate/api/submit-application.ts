/** POST /api/applications/submit {jobId, resumeId?, coverLetterId?} (SPEC 7.3). */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiBody, ApiReply } from '../../../api'
import { applicationsQueryOptions } from './get-applications'
import { candidateFetch } from './client'
import { candidateKeys } from './keys'

export type SubmitApplicationPayload = ApiBody<'submit'>

export function submitApplication(payload: SubmitApplicationPayload) {
  return candidateFetch<ApiReply<'submit'>>('/api/applications/submit', { method: 'POST', body: payload })
}

export function useSubmitApplication() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: submitApplication,
    // the documents too: the resume sent is now the one used last (the next dialog starts with it)
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: applicationsQueryOptions().queryKey }),
        qc.invalidateQueries({ queryKey: candidateKeys.documents() }),
      ]),
  })
}
