/** Pure updates of the cached feed, shared by socket events and optimistic mutations (SPEC 4). */
import type { Notification } from './types'

export function prependNotification(list: Notification[] | undefined, n: Notification): Notification[] {
  return [n, ...(list ?? []).filter((x) => x.id !== n.id)]
}

export function markNotificationRead(list: Notification[] | undefined, id: string): Notification[] {
  return (list ?? []).map((n) => (n.id === id ? { ...n, is_read: true } : n))
}

export function markAllNotificationsRead(list: Notification[] | undefined): Notification[] {
  return (list ?? []).map((n) => (n.is_read ? n : { ...n, is_read: true }))
}

export function removeNotification(list: Notification[] | undefined, id: string): Notification[] {
  return (list ?? []).filter((n) => n.id !== id)
}

/** Never below 0. */
export function decrementCount(count: number | undefined): number {
  return Math.max(0, (count ?? 0) - 1)
}

/** The badge text: nothing at 0, '99+' above 99. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null
  return count > 99 ? '99+' : String(count)
}
