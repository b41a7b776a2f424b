/** GET /api/documents/{id}/download with the employer's token: a document attached to an application to one of its jobs. */
import { useMutation } from '@tanstack/react-query'
import { fetchBearerAttachment, saveBlob } from '../../../lib/download'
import { isPdf } from '../model/documents'
import type { ApplicantDocument } from '../types'

type DocRef = Pick<ApplicantDocument, 'id' | 'original_name' | 'title'>

/** The file itself; a PDF is typed application/pdf whatever the server sent, so a browser shows it rather than saving it. */
export async function fetchApplicantDocument(doc: DocRef, signal?: AbortSignal): Promise<Blob> {
  const { blob } = await fetchBearerAttachment('employer', `/api/documents/${encodeURIComponent(doc.id)}/download`, { signal })
  return isPdf(doc) && blob.type !== 'application/pdf' ? new Blob([blob], { type: 'application/pdf' }) : blob
}

export async function downloadApplicantDocument(doc: DocRef): Promise<void> {
  saveBlob(await fetchApplicantDocument(doc), doc.original_name || doc.title)
}

export const useDownloadApplicantDocument = () => useMutation({ mutationFn: downloadApplicantDocument })
