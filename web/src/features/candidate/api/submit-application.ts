/** POST /api/applications/submit {jobId, resumeId?, coverLetterId?} (SPEC 7.3). */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiBody, ApiReply } from '../../../api'
import { useRealtimeConnected } from '../../../lib/realtime'
import { applicationsQueryOptions } from './get-applications'
import { candidateFetch } from './client'
import { candidateKeys } from './keys'

export type SubmitApplicationPayload = ApiBody<'submit'>

export function submitApplication(payload: SubmitApplicationPayload) {
  return candidateFetch<ApiReply<'submit'>>('/api/applications/submit', { method: 'POST', body: payload })
}

export function useSubmitApplication() {
  const qc = useQueryClient()
  const live = useRealtimeConnected()
  return useMutation({
    mutationFn: submitApplication,
    // The documents: the resume sent is now the one used last (the next dialog starts with it).
    // The applications only while no socket is open: else the submission comes back as
    // `application_updated`, which the dashboard turns into the same refetch.
    onSuccess: () =>
      Promise.all([
        live ? null : qc.invalidateQueries({ queryKey: applicationsQueryOptions().queryKey }),
        qc.invalidateQueries({ queryKey: candidateKeys.documents() }),
      ]),
  })
}
