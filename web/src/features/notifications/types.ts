/** The notification entity (SPEC 3) and how its type maps to a display kind. */
export type Notification = {
  id: string
  type: string
  title: string
  message: string
  /** where clicking it leads: a path on this site (a job alert's job: /jobs/{id}); null or absent for nowhere */
  link?: string | null
  is_read: boolean
  created_at: string
}

export type NotificationKind = 'success' | 'warning' | 'error' | 'info'

/** success, warning and error are themselves; anything else is info. */
export function notificationKind(type: string): NotificationKind {
  return type === 'success' || type === 'warning' || type === 'error' ? type : 'info'
}

/** The in-app path a notification opens, or null: only a path on this site (`/jobs/...`), never
 *  another site (`//host`, `https:`), whatever the server sent. */
export function notificationPath(link: string | null | undefined): string | null {
  return link && link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\') ? link : null
}
