/** POST /api/employer/applications/{id}/notes {body}: a private note for the hiring team. The applicant
 *  is read again on the socket's `assessment_updated`, or by the mutation while no socket is open. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import { useRealtimeConnected } from '../../../lib/realtime'
import { employerPost } from './client'
import { markAssessmentStale } from './stale'

export const addNote = ({ id, body }: { id: string; body: string }) =>
  employerPost<ApiReply<'add_note'>>(`/api/employer/applications/${encodeURIComponent(id)}/notes`, { body })

export function useAddNote() {
  const qc = useQueryClient()
  const live = useRealtimeConnected()
  return useMutation({ mutationFn: addNote, onSuccess: (_d, { id }) => (live ? undefined : markAssessmentStale(qc, id)) })
}
