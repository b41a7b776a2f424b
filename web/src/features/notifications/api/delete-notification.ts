/** DELETE /api/notifications/{id} (SPEC 7.6): removes it, and lowers the count if it was unread. */
import { apiFetch } from '../../../lib/api'
import type { Role } from '../../../lib/session'
import { removeNotification } from '../cache'
import { useNotificationItemMutation } from './item-mutation'

export async function deleteNotification(token: string, id: string) {
  return apiFetch<unknown>(`/api/notifications/${encodeURIComponent(id)}`, { method: 'DELETE', token })
}

export function useDeleteNotification(role: Role) {
  return useNotificationItemMutation(role, {
    send: deleteNotification,
    patch: removeNotification,
    failure: 'Failed to delete notification',
  })
}
