/** The notification entity (SPEC 3) and how its type maps to a display kind. */
import type { ApiSchema } from '../../api'
import type { Notification } from '../../lib/realtime'

// one shape for the REST list and the socket's `notification`: the socket's event map holds it
export type { Notification }

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
