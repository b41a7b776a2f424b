/** POST /api/account/export: a one-off link to the signed-in person's own data, valid for an hour. */
import { apiFetch } from '../../../lib/api'
import { accountToken, type AccountRole } from './account'
import type { ExportLink } from './download-export'

export const requestAccountExport = (role: AccountRole) => apiFetch<ExportLink>('/api/account/export', { method: 'POST', token: accountToken(role) })
