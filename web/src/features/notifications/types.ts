/** The notification entity (SPEC 3) and how its type maps to a display kind. */
export type Notification = {
  id: string
  type: string
  title: string
  message: string
  is_read: boolean
  created_at: string
}

export type NotificationKind = 'success' | 'warning' | 'error' | 'info'

/** success, warning and error are themselves; anything else is info. */
export function notificationKind(type: string): NotificationKind {
  return type === 'success' || type === 'warning' || type === 'error' ? type : 'info'
}
