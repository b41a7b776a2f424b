/** Pure updates of the cached feed, shared by socket events and optimistic mutations (SPEC 4). */
import type { Notification } from './types'

export function prependNotification(list: Notification[] | undefined, n: Notification): Notification[] {
  return [n, ...(list ?? []).filter((x) => x.id !== n.id)]
}

export function markNotificationRead(list: Notification[] | undefined, id: string): Notification[] {
  return (list ?? []).map((n) => (n.id === id ? { ...n, is_read: true } : n))
}

export function markNotificationUnread(list: Notification[] | undefined, id: string): Notification[] {
  return (list ?? []).map((n) => (n.id === id ? { ...n, is_read: false } : n))
}

export function markAllNotificationsRead(list: Notification[] | undefined): Notification[] {
  return (list ?? []).map((n) => (n.is_read ? n : { ...n, is_read: true }))
}

export function removeNotification(list: Notification[] | undefined, id: string): Notification[] {
  return (list ?? []).filter((n) => n.id !== id)
}

/** How many of `list` are unread. */
export function unreadIn(list: Notification[] | undefined): number {
  return (list ?? []).filter((n) => !n.is_read).length
}

/** The count moved by `by` (a read lowers it, an unread mark raises it), never below 0. */
export function moveCount(count: number | undefined, by: number): number {
  return Math.max(0, (count ?? 0) + by)
}

/** The badge text: nothing at 0, '99+' above 99. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null
  return count > 99 ? '99+' : String(count)
}
