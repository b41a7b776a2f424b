/** Query keys of the notification feed, per role so two sessions never share a cache entry. */
import type { Role } from '../../../lib/session'

export const notificationKeys = {
  all: (role: Role) => ['notifications', role] as const,
  list: (role: Role) => [...notificationKeys.all(role), 'list'] as const,
  unreadCount: (role: Role) => [...notificationKeys.all(role), 'unread-count'] as const,
}

/** SPEC 9: the REST default page. */
export const NOTIFICATIONS_PAGE = { limit: 20, offset: 0 } as const
/** SPEC 9: what the realtime connection asks for on connect. */
export const SOCKET_INITIAL_PAGE = { limit: 50, offset: 0 } as const
