/** PUT /api/documents/{id} {title, description, document_type} (SPEC 7.4). */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiBody, ApiReply } from '../../../api'
import type { CandidateDocument, DocumentType } from '../types'
import { candidateFetch } from './client'
import { candidateKeys } from './keys'

export type UpdateDocumentInput = { id: string; title: string; description: string; document_type: DocumentType }

/** Answers `{message, document: {id}}`: the list is patched from the input, then read again. */
export const updateDocument = ({ id, ...body }: UpdateDocumentInput) =>
  candidateFetch<ApiReply<'edit_document'>>(`/api/documents/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: body satisfies ApiBody<'edit_document'>,
  })

export function useUpdateDocument() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: updateDocument,
    onSuccess: (_doc, input) => {
      qc.setQueryData<CandidateDocument[]>(candidateKeys.documentList(), (old) =>
        old?.map((d) => (d.id === input.id ? { ...d, ...input } : d)),
      )
      return qc.invalidateQueries({ queryKey: candidateKeys.documents() })
    },
  })
}
