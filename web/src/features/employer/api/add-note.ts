/** POST /api/employer/applications/{id}/notes {body}: a private note for the hiring team. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import { employerPost } from './client'
import { employerKeys } from './keys'

export const addNote = ({ id, body }: { id: string; body: string }) =>
  employerPost<ApiReply<'add_note'>>(`/api/employer/applications/${encodeURIComponent(id)}/notes`, { body })

export function useAddNote() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: addNote, onSuccess: (_d, { id }) => qc.invalidateQueries({ queryKey: employerKeys.applicant(id) }) })
}
