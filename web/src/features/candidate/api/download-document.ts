/** GET /api/documents/{id}/download: the file, saved under its original name (SPEC 7.4). */
import { useMutation } from '@tanstack/react-query'
import type { CandidateDocument } from '../types'
import { downloadWithToken } from './client'

export function downloadDocument(doc: Pick<CandidateDocument, 'id' | 'original_name' | 'title'>) {
  return downloadWithToken(`/api/documents/${encodeURIComponent(doc.id)}/download`, doc.original_name || doc.title)
}

export const useDownloadDocument = () => useMutation({ mutationFn: downloadDocument })
