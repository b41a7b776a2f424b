/** GET /api/documents/{id}/download with the employer's token: a document attached to an application to one of its jobs. */
import { useMutation } from '@tanstack/react-query'
import { ApiError } from '../../../lib/api'
import { sessionToken } from '../../../lib/session'
import { isPdf } from '../model/documents'
import type { ApplicantDocument } from '../types'

type DocRef = Pick<ApplicantDocument, 'id' | 'original_name' | 'title'>

/** The file itself; a PDF is typed application/pdf whatever the server sent, so a browser shows it rather than saving it. */
export async function fetchApplicantDocument(doc: DocRef, signal?: AbortSignal): Promise<Blob> {
  const res = await fetch(`/api/documents/${encodeURIComponent(doc.id)}/download`, {
    headers: { Authorization: `Bearer ${sessionToken('employer') ?? ''}` },
    signal,
  })
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: unknown } | null
    throw new ApiError(res.status, typeof body?.error === 'string' ? body.error : 'Download failed')
  }
  const blob = await res.blob()
  return isPdf(doc) && blob.type !== 'application/pdf' ? new Blob([blob], { type: 'application/pdf' }) : blob
}

export async function downloadApplicantDocument(doc: DocRef): Promise<void> {
  const url = URL.createObjectURL(await fetchApplicantDocument(doc))
  const a = document.createElement('a')
  a.href = url
  a.download = doc.original_name || doc.title
  document.body.appendChild(a)
  a.click()
  a.remove()
  URL.revokeObjectURL(url)
}

export const useDownloadApplicantDocument = () => useMutation({ mutationFn: downloadApplicantDocument })
