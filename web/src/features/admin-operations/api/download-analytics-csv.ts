/** GET /api/admin/analytics/applications.csv with the admin's token, saved as a file (one row per application, no personal data). */
import { useMutation } from '@tanstack/react-query'
import { fetchBearerAttachment, saveBlob } from '../../../lib/download'
import { withQuery } from '../../admin'

export function csvFileName(from: string, to: string): string {
  return `applications${from ? `-from-${from}` : ''}${to ? `-to-${to}` : ''}.csv`
}

export async function downloadApplicationsCsv({ from, to }: { from: string; to: string }): Promise<void> {
  const { blob } = await fetchBearerAttachment('admin', withQuery('/api/admin/analytics/applications.csv', { from, to }))
  saveBlob(blob, csvFileName(from, to))
}

export const useDownloadApplicationsCsv = () => useMutation({ mutationFn: downloadApplicationsCsv })
