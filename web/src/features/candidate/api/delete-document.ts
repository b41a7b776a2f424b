/** DELETE /api/documents/{id} (SPEC 7.4). */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import type { CandidateDocument } from '../types'
import { candidateFetch } from './client'
import { candidateKeys } from './keys'

export function deleteDocument(id: string) {
  return candidateFetch<ApiReply<'remove_document'>>(`/api/documents/${encodeURIComponent(id)}`, { method: 'DELETE' })
}

export function useDeleteDocument() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: (_data, id) => {
      qc.setQueryData<CandidateDocument[]>(candidateKeys.documentList(), (old) => old?.filter((d) => d.id !== id))
      return qc.invalidateQueries({ queryKey: candidateKeys.documents() })
    },
  })
}
