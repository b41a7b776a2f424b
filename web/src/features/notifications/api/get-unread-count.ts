/** GET /api/notifications/unread-count (SPEC 7.6). */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import { apiFetch, withBearer } from '../../../lib/api'
import { sessionToken, type Role } from '../../../lib/session'
import { notificationKeys } from './keys'

export async function getUnreadCount(token: string): Promise<number> {
  const data = await apiFetch<ApiReply<'unread_count'>>('/api/notifications/unread-count', { token })
  return data?.unread_count ?? 0
}

export const unreadCountQueryOptions = (role: Role) =>
  queryOptions({
    queryKey: notificationKeys.unreadCount(role),
    queryFn: async () => {
      if (!sessionToken(role)) return 0
      try {
        return await withBearer(role, getUnreadCount)
      } catch (err) {
        console.error('Failed to fetch unread notification count', err)
        return 0
      }
    },
    enabled: sessionToken(role) !== null,
  })

export const useUnreadCount = (role: Role) => useQuery(unreadCountQueryOptions(role))
