/** GET /api/notifications?limit=&offset= (SPEC 7.6): offset 0 replaces the cached list. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch, withBearer } from '../../../lib/api'
import { sessionToken, type Role } from '../../../lib/session'
import type { Notification } from '../types'
import { NOTIFICATIONS_PAGE, notificationKeys } from './keys'

type NotificationsResponse = { notifications?: Notification[]; total?: number; unread_count?: number }

export async function getNotifications(
  token: string,
  page: { limit: number; offset: number } = NOTIFICATIONS_PAGE,
): Promise<NotificationsResponse> {
  return apiFetch<NotificationsResponse>(`/api/notifications?limit=${page.limit}&offset=${page.offset}`, { token })
}

export const notificationsQueryOptions = (role: Role) =>
  queryOptions({
    queryKey: notificationKeys.list(role),
    queryFn: async () => {
      if (!sessionToken(role)) return []
      try {
        return (await withBearer(role, (token) => getNotifications(token))).notifications ?? []
      } catch (err) {
        // SPEC 8: failed notification calls are only logged
        console.error('Failed to fetch notifications', err)
        return []
      }
    },
    enabled: sessionToken(role) !== null,
  })

export const useNotifications = (role: Role) => useQuery(notificationsQueryOptions(role))
