/** POST /api/admin/jobs/{id}/close {reason}: the agency takes a job off the board and says why. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import { adminFetch } from '../../admin'
import { auditKeys } from '../../admin-audit'
import { operationsKeys } from './keys'

export const closeJobAsAgency = ({ id, reason }: { id: string; reason: string }) =>
  adminFetch<ApiReply<'close_job'>>(`/api/admin/jobs/${encodeURIComponent(id)}/close`, { method: 'POST', body: { reason } })

export function useCloseJobAsAgency() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: closeJobAsAgency,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: operationsKeys.jobs() }), qc.invalidateQueries({ queryKey: auditKeys.events() })]),
  })
}
