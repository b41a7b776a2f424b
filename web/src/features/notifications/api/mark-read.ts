/** PUT /api/notifications/{id}/read (SPEC 7.6), applied to the cache at once. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '../../../lib/api'
import { sessionToken, type Role } from '../../../lib/session'
import { decrementCount, markNotificationRead } from '../cache'
import type { Notification } from '../types'
import { notificationsQueryOptions } from './get-notifications'
import { unreadCountQueryOptions } from './get-unread-count'

export async function markRead(token: string, id: string) {
  return apiFetch<unknown>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'PUT', token })
}

export function useMarkRead(role: Role) {
  const qc = useQueryClient()
  const list = notificationsQueryOptions(role)
  const count = unreadCountQueryOptions(role)
  return useMutation({
    mutationFn: async (id: string) => {
      const token = sessionToken(role)
      if (!token || !id) return
      await markRead(token, id)
    },
    onMutate: (id: string) => {
      const current = qc.getQueryData<Notification[]>(list.queryKey)
      const wasUnread = current?.some((n) => n.id === id && !n.is_read) ?? false
      qc.setQueryData(list.queryKey, (old) => markNotificationRead(old, id))
      if (wasUnread) qc.setQueryData(count.queryKey, (old) => decrementCount(old))
    },
    // no refetch on success: the read model may lag the write; socket events keep the cache current
    onError: (err) => {
      console.error('Failed to mark notification as read', err)
      void qc.invalidateQueries({ queryKey: list.queryKey })
      void qc.invalidateQueries({ queryKey: count.queryKey })
    },
  })
}
