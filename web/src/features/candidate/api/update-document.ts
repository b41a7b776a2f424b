/** PUT /api/documents/{id} {title, description, document_type} (SPEC 7.4). */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CandidateDocument } from '../types'
import { candidateFetch } from './client'
import { candidateKeys } from './keys'

export type UpdateDocumentInput = { id: string; title: string; description: string; document_type: string }

export async function updateDocument({ id, ...body }: UpdateDocumentInput): Promise<CandidateDocument | undefined> {
  const data = await candidateFetch<{ document?: CandidateDocument }>(`/api/documents/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
  })
  return data?.document
}

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
