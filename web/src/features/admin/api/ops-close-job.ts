/** POST /api/admin/jobs/{id}/close {reason}: the agency takes a job off the board and says why. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import { opsFetch } from './ops-client'
import { opsKeys } from './ops-keys'

export const closeJobAsAgency = ({ id, reason }: { id: string; reason: string }) =>
  opsFetch<ApiReply<'close_job'>>(`/api/admin/jobs/${encodeURIComponent(id)}/close`, { method: 'POST', body: { reason } })

export function useCloseJobAsAgency() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: closeJobAsAgency,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: opsKeys.jobs() }), qc.invalidateQueries({ queryKey: opsKeys.events() })]),
  })
}
