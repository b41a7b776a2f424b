/** PUT /api/notifications/read-all (SPEC 7.6). */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch, withBearer } from '../../../lib/api'
import { sessionToken, type Role } from '../../../lib/session'
import { markAllNotificationsRead } from '../cache'
import { notificationsQueryOptions } from './get-notifications'
import { unreadCountQueryOptions } from './get-unread-count'

export async function markAllRead(token: string) {
  return apiFetch<unknown>('/api/notifications/read-all', { method: 'PUT', token })
}

export function useMarkAllRead(role: Role) {
  const qc = useQueryClient()
  const list = notificationsQueryOptions(role)
  const count = unreadCountQueryOptions(role)
  return useMutation({
    mutationFn: async () => {
      if (!sessionToken(role)) return
      await withBearer(role, markAllRead)
    },
    onMutate: () => {
      qc.setQueryData(list.queryKey, (old) => markAllNotificationsRead(old))
      qc.setQueryData(count.queryKey, 0)
    },
    // no refetch on success: the read model may lag the write; socket events keep the cache current
    onError: (err) => {
      console.error('Failed to mark all notifications as read', err)
      void qc.invalidateQueries({ queryKey: list.queryKey })
      void qc.invalidateQueries({ queryKey: count.queryKey })
    },
  })
}
