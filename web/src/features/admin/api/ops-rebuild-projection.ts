/** POST /api/admin/projections/{name}/rebuild: 202 and the rebuild runs in the background; 409 while another runs. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import { opsFetch } from './ops-client'
import { opsKeys } from './ops-keys'

export const rebuildProjection = (name: string) =>
  opsFetch<ApiReply<'rebuild'>>(`/api/admin/projections/${encodeURIComponent(name)}/rebuild`, { method: 'POST', body: {} })

export function useRebuildProjection() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: rebuildProjection, onSettled: () => qc.invalidateQueries({ queryKey: opsKeys.projections() }) })
}
