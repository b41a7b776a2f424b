/**
 * The realtime feed (SPEC 4, 7.7): socket.io on the same origin. Every event patches the
 * react-query cache of the feed; the only local state is the connection flag.
 */
import { useEffect, useRef, useState } from 'react'
import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { io } from 'socket.io-client'
import { useToast } from '../../../components/ui/toast'
import type { Role } from '../../../lib/session'
import { notificationKeys, SOCKET_INITIAL_PAGE } from '../api/keys'
import { markAllNotificationsRead, markNotificationRead, prependNotification } from '../cache'
import { notificationKind, type Notification } from '../types'

export const SOCKET_OPTIONS = {
  transports: ['websocket', 'polling'],
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  timeout: 20000,
}

/** Other server events a workspace listens to on the same connection, by event name. */
export type SocketEventHandlers = Record<string, (payload: unknown) => void>

type Toast = ReturnType<typeof useToast>['push']

/**
 * What each feed event does to the cache. A handler first cancels an in-flight REST
 * read of the entries it writes (the read would land later with older data), and only
 * those: cancelling a first read puts its entry back to "never loaded", so a list event
 * that cancelled the unread count's first read left the bell without a badge.
 */
export function feedHandlers(qc: QueryClient, role: Role, push: Toast) {
  const listKey = notificationKeys.list(role)
  const countKey = notificationKeys.unreadCount(role)
  const settle = (...keys: (typeof listKey | typeof countKey)[]) => {
    for (const queryKey of keys) void qc.cancelQueries({ queryKey })
  }
  return {
    notification: (n: Notification) => {
      settle(listKey, countKey)
      qc.setQueryData<Notification[]>(listKey, (old) => prependNotification(old, n))
      qc.setQueryData<number>(countKey, (old) => (old ?? 0) + 1)
      push({ kind: notificationKind(n.type), title: n.title, message: n.message })
    },
    unread_count: (data: { count?: number }) => {
      settle(countKey)
      qc.setQueryData<number>(countKey, Math.max(0, data?.count ?? 0))
    },
    notification_read: (data: { notification_id?: string; unread_count?: number }) => {
      const id = data?.notification_id
      const count = data?.unread_count
      settle(...(id ? [listKey] : []), ...(typeof count === 'number' ? [countKey] : []))
      if (id) qc.setQueryData<Notification[]>(listKey, (old) => markNotificationRead(old, id))
      if (typeof count === 'number') qc.setQueryData<number>(countKey, Math.max(0, count))
    },
    all_notifications_read: () => {
      settle(listKey, countKey)
      qc.setQueryData<Notification[]>(listKey, (old) => markAllNotificationsRead(old))
      qc.setQueryData<number>(countKey, 0)
    },
    notifications_list: (data: { notifications?: Notification[] }) => {
      settle(listKey)
      qc.setQueryData<Notification[]>(listKey, data?.notifications ?? [])
    },
  }
}

/**
 * `onApplicationUpdated` runs when the server says one of the user's applications
 * changed, so the owner of that cache (the candidate portal) can invalidate it.
 * `events` are further handlers (the employer's `pipeline_updated`, ...) so a workspace
 * needs no second connection to the same room.
 */
export function useNotificationSocket(
  role: Role,
  token: string | null,
  onApplicationUpdated?: () => void,
  events?: SocketEventHandlers,
): { connected: boolean } {
  const qc = useQueryClient()
  const { push } = useToast()
  const [connected, setConnected] = useState(false)
  // Kept in a ref so a new callback identity does not reconnect the socket.
  const onUpdatedRef = useRef(onApplicationUpdated)
  const eventsRef = useRef(events)
  useEffect(() => {
    onUpdatedRef.current = onApplicationUpdated
    eventsRef.current = events
  }, [onApplicationUpdated, events])

  useEffect(() => {
    if (!token) return
    const socket = io({ ...SOCKET_OPTIONS, auth: { token, user_type: role } })

    socket.on('connect', () => {
      setConnected(true)
      socket.emit('get_notifications', SOCKET_INITIAL_PAGE)
    })
    socket.on('disconnect', () => setConnected(false))
    socket.on('connect_error', (err: Error) => {
      console.error('Notification connection failed', err.message)
      setConnected(false)
    })
    socket.on('connected', () => setConnected(true))
    const feed = feedHandlers(qc, role, push)
    socket.on('notification', feed.notification)
    socket.on('unread_count', feed.unread_count)
    socket.on('notification_read', feed.notification_read)
    socket.on('all_notifications_read', feed.all_notifications_read)
    socket.on('notifications_list', feed.notifications_list)
    socket.on('error', (data: { message?: string }) => console.error('Notification error', data?.message))
    socket.on('application_updated', () => onUpdatedRef.current?.())
    // every name the caller gave at connect time, each reading the newest handler from the ref
    for (const name of Object.keys(eventsRef.current ?? {})) {
      socket.on(name, (payload: unknown) => eventsRef.current?.[name]?.(payload))
    }

    return () => {
      socket.removeAllListeners()
      socket.disconnect()
      setConnected(false)
    }
  }, [role, token, qc, push])

  return { connected: token ? connected : false }
}
