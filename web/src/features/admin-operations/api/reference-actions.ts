/**
 * Upkeep of the reference lists: POST /api/admin/reference/locations {display_name, state},
 * POST .../salary-ranges {display_name, min, max?}, PUT .../{list}/{id} {display_name} (409 on a
 * name in use), POST .../{list}/{id}/retire (no longer offered; old jobs keep it).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { adminFetch, adminPost, type MessageReply, seg } from '../../admin'
import type { ReferenceList } from '../types'
import { operationsKeys } from './keys'

export type ReferenceChange =
  | { action: 'add-location'; display_name: string; state: string }
  | { action: 'add-salary-range'; display_name: string; min: number; max: number | null }
  | { action: 'rename'; list: ReferenceList; id: string; display_name: string }
  | { action: 'retire'; list: ReferenceList; id: string }

export function changeReference(c: ReferenceChange): Promise<MessageReply> {
  switch (c.action) {
    case 'add-location':
      return adminPost('/api/admin/reference/locations', { display_name: c.display_name.trim(), state: c.state })
    case 'add-salary-range':
      return adminPost('/api/admin/reference/salary-ranges', { display_name: c.display_name.trim(), min: c.min, max: c.max })
    case 'rename':
      return adminFetch(`/api/admin/reference/${c.list}/${seg(c.id)}`, { method: 'PUT', body: { display_name: c.display_name.trim() } })
    case 'retire':
      return adminPost(`/api/admin/reference/${c.list}/${seg(c.id)}/retire`)
  }
}

export function useChangeReference() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: changeReference, onSettled: () => qc.invalidateQueries({ queryKey: operationsKeys.reference() }) })
}
