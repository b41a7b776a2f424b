/**
 * POST /api/applications/{id}/withdraw {reason?} (docs/API.md): the candidate takes an application
 * back. The server cancels its interviews still to come and keeps it in My Applications with
 * `withdrawn_at` set, so the list is read again (the answer's consistency token, kept by the
 * client, makes that read include the withdrawal). A refusal (404 someone else's or gone, 422 already withdrawn or decided) means
 * the list is out of date: it is read again too.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiBody, ApiReply } from '../../../api'
import { ApiError } from '../../../lib/api'
import { markWithdrawn } from '../model/withdraw'
import type { Application } from '../types'
import { candidateFetch } from './client'
import { candidateKeys } from './keys'

export type WithdrawApplicationInput = { id: string; reason: string }

export function withdrawApplication({ id, reason }: WithdrawApplicationInput) {
  const trimmed = reason.trim()
  return candidateFetch<ApiReply<'withdraw'>>(`/api/applications/${encodeURIComponent(id)}/withdraw`, {
    method: 'POST',
    body: (trimmed ? { reason: trimmed } : {}) satisfies ApiBody<'withdraw'>,
  })
}

export function useWithdrawApplication() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: withdrawApplication,
    onSuccess: (_data, input) => {
      // marked at once, whether or not the socket's `application_updated` comes first; the read
      // that follows brings the server's own time and the cancelled interviews
      qc.setQueryData<Application[]>(candidateKeys.applications(), (old) => old && markWithdrawn(old, input.id, new Date().toISOString()))
      return qc.invalidateQueries({ queryKey: candidateKeys.applications() })
    },
    onError: (err) => {
      if (err instanceof ApiError && (err.status === 404 || err.status === 422)) void qc.invalidateQueries({ queryKey: candidateKeys.applications() })
    },
  })
}
