/** GET /api/admin/analytics/applications.csv with the admin's token, for every client or one, saved
 *  as a file (one row per application, no personal data). */
import { useMutation } from '@tanstack/react-query'
import { fetchBearerAttachment, saveBlob } from '../../../lib/download'
import { withQuery } from '../../admin'
import type { AnalyticsQuery } from '../model/analytics'

/** "applications-eucalypt-software-from-2026-11-01.csv": the client's name (when one is chosen) in
 *  letters and digits, and the range. */
export function csvFileName(from: string, to: string, client = ''): string {
  const slug = client
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  return `applications${slug ? `-${slug}` : ''}${from ? `-from-${from}` : ''}${to ? `-to-${to}` : ''}.csv`
}

/** `client` is the chosen client's name, for the file's. */
export async function downloadApplicationsCsv({ from, to, employer, client }: AnalyticsQuery & { client?: string }): Promise<void> {
  const { blob } = await fetchBearerAttachment('admin', withQuery('/api/admin/analytics/applications.csv', { from, to, employer_id: employer }))
  saveBlob(blob, csvFileName(from, to, client))
}

export const useDownloadApplicationsCsv = () => useMutation({ mutationFn: downloadApplicationsCsv })
