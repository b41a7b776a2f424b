/** POST /api/employer/applications/{id}/notes {body}: a private note for the hiring team. The applicant
 *  is read again on the socket's `assessment_updated`, or by the mutation while no socket is open. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
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

/**
 * The same note on each of several applications, one request each, all at once; resolves (never
 * rejects) to the ids whose note did not save. Those that did are read again as for one note. Not
 * tied to a component, so it finishes after the dialog that started it has closed.
 */
export function useAddNoteToEach(): (ids: string[], body: string) => Promise<string[]> {
  const qc = useQueryClient()
  const live = useRealtimeConnected()
  return useCallback(
    async (ids, body) => {
      const outcomes = await Promise.allSettled(ids.map((id) => addNote({ id, body })))
      const saved = ids.filter((_, i) => outcomes[i].status === 'fulfilled')
      if (!live) saved.forEach((id) => void markAssessmentStale(qc, id))
      return ids.filter((_, i) => outcomes[i].status === 'rejected')
    },
    [qc, live],
  )
}
