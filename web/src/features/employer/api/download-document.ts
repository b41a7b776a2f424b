/** GET /api/documents/{id}/download with the employer's token: a document attached to an application to one of its jobs. */
import { useMutation } from '@tanstack/react-query'
import { ApiError } from '../../../lib/api'
import { sessionToken } from '../../../lib/session'
import type { ApplicantDocument } from '../types'

export async function downloadApplicantDocument(doc: Pick<ApplicantDocument, 'id' | 'original_name' | 'title'>): Promise<void> {
  const res = await fetch(`/api/documents/${encodeURIComponent(doc.id)}/download`, { headers: { Authorization: `Bearer ${sessionToken('employer') ?? ''}` } })
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: unknown } | null
    throw new ApiError(res.status, typeof body?.error === 'string' ? body.error : 'Download failed')
  }
  const url = URL.createObjectURL(await res.blob())
  const a = document.createElement('a')
  a.href = url
  a.download = doc.original_name || doc.title
  document.body.appendChild(a)
  a.click()
  a.remove()
  URL.revokeObjectURL(url)
}

export const useDownloadApplicantDocument = () => useMutation({ mutationFn: downloadApplicantDocument })
