/** PUT /api/notifications/{id}/unread: a read notification is unread again, applied to the cache at once. */
import { apiFetch } from '../../../lib/api'
import type { Role } from '../../../lib/session'
import { markNotificationUnread } from '../cache'
import { useNotificationItemMutation } from './item-mutation'

export async function markUnread(token: string, id: string) {
  return apiFetch<unknown>(`/api/notifications/${encodeURIComponent(id)}/unread`, { method: 'PUT', token })
}

export function useMarkUnread(role: Role) {
  return useNotificationItemMutation(role, {
    send: markUnread,
    patch: markNotificationUnread,
    failure: 'Failed to mark notification as unread',
  })
}
