/** POST /api/admin/projections/{name}/rebuild: 202 and the rebuild runs in the background; 409 while another runs. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import { adminFetch } from '../../admin'
import { operationsKeys } from './keys'

export const rebuildProjection = (name: string) =>
  adminFetch<ApiReply<'rebuild'>>(`/api/admin/projections/${encodeURIComponent(name)}/rebuild`, { method: 'POST', body: {} })

export function useRebuildProjection() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: rebuildProjection, onSettled: () => qc.invalidateQueries({ queryKey: operationsKeys.projections() }) })
}
