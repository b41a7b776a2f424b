/** POST /api/account/export: a one-off link to the signed-in person's own data, valid for an hour. */
import { bearerFetch } from '../../../lib/api'
import type { AccountRole } from './account'
import type { ExportLink } from './download-export'

export const requestAccountExport = (role: AccountRole) => bearerFetch<ExportLink>(role, '/api/account/export', { method: 'POST' })
