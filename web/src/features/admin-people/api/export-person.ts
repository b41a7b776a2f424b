/**
 * POST /api/admin/people/{id}/export: a one-off link to a candidate's or employer's data (404 "No
 * such person"); the ZIP behind it is fetched with the admin's own token and saved.
 */
import { adminPost, seg } from '../../admin'
import { useExportDownload, type ExportLink } from '../../privacy'

export const requestPersonExport = (id: string) => adminPost<ExportLink>(`/api/admin/people/${seg(id)}/export`)

export const usePersonExport = (id: string, outcome?: Parameters<typeof useExportDownload>[1]) =>
  useExportDownload({ request: () => requestPersonExport(id), role: 'admin' }, outcome)
