/** The notification entity (SPEC 3, the server's type) and how its type maps to a display kind. */
import type { ApiSchema } from '../../api'

/** `link` is where clicking it leads: a path on this site (a job alert's job: /jobs/{id}), or null. */
export type Notification = ApiSchema<'Notification'>

export type NotificationKind = ApiSchema<'NotificationKind'>

/** success, warning and error are themselves; anything else is info. */
export function notificationKind(type: string): NotificationKind {
  return type === 'success' || type === 'warning' || type === 'error' ? type : 'info'
}

/** The in-app path a notification opens, or null: only a path on this site (`/jobs/...`), never
 *  another site (`//host`, `https:`), whatever the server sent. */
export function notificationPath(link: string | null | undefined): string | null {
  return link && link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\') ? link : null
}
