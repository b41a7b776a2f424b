/** POST /api/documents/upload multipart {document, title, description, document_type} (SPEC 7.4). */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import type { CandidateDocument } from '../types'
import { candidateFetch } from './client'
import { candidateKeys } from './keys'

export type UploadDocumentInput = { file: File; title: string; description: string; documentType: string }

export async function uploadDocument(input: UploadDocumentInput): Promise<CandidateDocument> {
  const form = new FormData()
  form.append('document', input.file)
  form.append('title', input.title)
  form.append('description', input.description)
  form.append('document_type', input.documentType)
  const data = await candidateFetch<ApiReply<'upload'>>('/api/documents/upload', { method: 'POST', body: form })
  return data.document
}

export function useUploadDocument() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: uploadDocument,
    onSuccess: (doc) => {
      // show the new document at once even if the read model is still catching up
      qc.setQueryData<CandidateDocument[]>(candidateKeys.documentList(), (old) =>
        old && doc ? [doc, ...old.filter((d) => d.id !== doc.id)] : old,
      )
      return qc.invalidateQueries({ queryKey: candidateKeys.documents() })
    },
  })
}
