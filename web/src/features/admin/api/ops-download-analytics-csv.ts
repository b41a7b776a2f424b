/** GET /api/admin/analytics/applications.csv with the admin's token, saved as a file (one row per application, no personal data). */
import { useMutation } from '@tanstack/react-query'
import { ApiError } from '../../../lib/api'
import { adminToken, withQuery } from './ops-client'

export function csvFileName(from: string, to: string): string {
  return `applications${from ? `-from-${from}` : ''}${to ? `-to-${to}` : ''}.csv`
}

export async function downloadApplicationsCsv({ from, to }: { from: string; to: string }): Promise<void> {
  const res = await fetch(withQuery('/api/admin/analytics/applications.csv', { from, to }), { headers: { Authorization: `Bearer ${adminToken()}` } })
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: unknown } | null
    throw new ApiError(res.status, typeof body?.error === 'string' ? body.error : 'The export did not download')
  }
  const url = URL.createObjectURL(await res.blob())
  const a = document.createElement('a')
  a.href = url
  a.download = csvFileName(from, to)
  document.body.appendChild(a)
  a.click()
  a.remove()
  URL.revokeObjectURL(url)
}

export const useDownloadApplicationsCsv = () => useMutation({ mutationFn: downloadApplicationsCsv })
