/** PUT /api/notifications/{id}/read (SPEC 7.6), applied to the cache at once. */
import { apiFetch } from '../../../lib/api'
import type { Role } from '../../../lib/session'
import { markNotificationRead } from '../cache'
import { useNotificationItemMutation } from './item-mutation'

export async function markRead(token: string, id: string) {
  return apiFetch<unknown>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'PUT', token })
}

export function useMarkRead(role: Role) {
  return useNotificationItemMutation(role, {
    send: markRead,
    patch: markNotificationRead,
    failure: 'Failed to mark notification as read',
  })
}
