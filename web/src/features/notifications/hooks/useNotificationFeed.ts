/**
 * The bell's realtime feed (SPEC 4, 7.7) on the session's socket (RealtimeProvider). Every
 * event patches the react-query cache of the feed; on each (re)connect the first page is
 * asked for again, since events sent while the socket was down are lost.
 */
import { useEffect } from 'react'
import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useToast } from '../../../components/ui/toast'
import { useRealtime, useRealtimeConnected, useRealtimeEmit, type ServerEvents } from '../../../lib/realtime'
import type { Role } from '../../../lib/session'
import { notificationKeys, SOCKET_INITIAL_PAGE } from '../api/keys'
import { markAllNotificationsRead, markNotificationRead, markNotificationUnread, prependNotification } from '../cache'
import { notificationKind, type Notification } from '../types'

type Toast = ReturnType<typeof useToast>['push']

type FeedEvent =
  | 'notification'
  | 'unread_count'
  | 'notification_read'
  | 'notification_unread'
  | 'all_notifications_read'
  | 'notifications_list'

/**
 * What each feed event does to the cache. A handler first cancels an in-flight REST
 * read of the entries it writes (the read would land later with older data), and only
 * those: cancelling a first read puts its entry back to "never loaded", so a list event
 * that cancelled the unread count's first read left the bell without a badge.
 */
export function feedHandlers(qc: QueryClient, role: Role, push: Toast): { [E in FeedEvent]: (payload: ServerEvents[E]) => void } {
  const listKey = notificationKeys.list(role)
  const countKey = notificationKeys.unreadCount(role)
  const settle = (...keys: (typeof listKey | typeof countKey)[]) => {
    for (const queryKey of keys) void qc.cancelQueries({ queryKey })
  }
  return {
    notification: (n) => {
      settle(listKey, countKey)
      qc.setQueryData<Notification[]>(listKey, (old) => prependNotification(old, n))
      qc.setQueryData<number>(countKey, (old) => (old ?? 0) + 1)
      push({ kind: notificationKind(n.type), title: n.title, message: n.message })
    },
    unread_count: ({ count }) => {
      settle(countKey)
      qc.setQueryData<number>(countKey, Math.max(0, count))
    },
    notification_read: ({ notification_id, unread_count }) => {
      settle(listKey, countKey)
      qc.setQueryData<Notification[]>(listKey, (old) => markNotificationRead(old, notification_id))
      qc.setQueryData<number>(countKey, Math.max(0, unread_count))
    },
    notification_unread: ({ notification_id, unread_count }) => {
      settle(listKey, countKey)
      qc.setQueryData<Notification[]>(listKey, (old) => markNotificationUnread(old, notification_id))
      qc.setQueryData<number>(countKey, Math.max(0, unread_count))
    },
    all_notifications_read: () => {
      settle(listKey, countKey)
      qc.setQueryData<Notification[]>(listKey, (old) => markAllNotificationsRead(old))
      qc.setQueryData<number>(countKey, 0)
    },
    notifications_list: ({ notifications }) => {
      settle(listKey)
      qc.setQueryData<Notification[]>(listKey, notifications)
    },
  }
}

/** Keeps `role`'s bell current from the session's socket; a workspace calls it once, inside its RealtimeProvider. */
export function useNotificationFeed(role: Role): void {
  const qc = useQueryClient()
  const { push } = useToast()
  const connected = useRealtimeConnected()
  const emit = useRealtimeEmit()
  const feed = feedHandlers(qc, role, push)
  useRealtime('notification', feed.notification)
  useRealtime('unread_count', feed.unread_count)
  useRealtime('notification_read', feed.notification_read)
  useRealtime('notification_unread', feed.notification_unread)
  useRealtime('all_notifications_read', feed.all_notifications_read)
  useRealtime('notifications_list', feed.notifications_list)

  useEffect(() => {
    if (connected) emit('get_notifications', SOCKET_INITIAL_PAGE)
  }, [connected, emit])
}
