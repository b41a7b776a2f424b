/**
 * The socket.io contract with the server, one typed map for every listener: each event the
 * server emits (api/src/realtime.rs, api/src/admin_live.rs; docs/API.md "Realtime") with its
 * payload exactly as serialised there, and each event the client emits. A listener names an
 * event of this map and gets its payload type; a new server event is added here first.
 */
import type { Role } from '../session'

/** A notification as the server sends it, over the socket and in GET /api/notifications (SPEC 3). */
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

/** What `admin_updated` names: the admin screen whose data changed (admin_live.rs, changed_topics). */
export const ADMIN_TOPICS = ['employers', 'enquiries', 'outbox', 'projections', 'events', 'jobs'] as const
export type AdminTopic = (typeof ADMIN_TOPICS)[number]

/** Event name -> payload of everything the server emits to a socket. */
export type ServerEvents = {
  connected: { user_id: string; user_type: Role }
  notification: Notification
  unread_count: { count: number }
  notification_read: { notification_id: string; unread_count: number }
  /** a read notification was marked unread again (on any of the user's tabs) */
  notification_unread: { notification_id: string; unread_count: number }
  /** an empty object */
  all_notifications_read: Record<string, never>
  notifications_list: { notifications: Notification[]; total: number; unread_count: number }
  error: { message: string }
  /** to a candidate: one of their applications was sent, or what they see of it changed (status, feedback, an interview) */
  application_updated: { application_id: string }
  /** to the employer whose board shows it: an application arrived or moved */
  pipeline_updated: { job_id: string; application_id: string }
  /** to the employer: a note or scorecard was added to this application */
  assessment_updated: { application_id: string }
  /** to admins: what that screen shows changed */
  admin_updated: { topic: AdminTopic }
  /** to admins, while a projection rebuilds */
  rebuild_progress: {
    name: string
    done: number
    total: number
    finished: boolean
    error: string | null
    started_at: string
    finished_at: string | null
  }
}

export type ServerEvent = keyof ServerEvents

/** Event name -> payload of everything the client emits. */
export type ClientEvents = {
  get_notifications: { limit?: number; offset?: number }
  mark_notification_read: { notification_id: string }
  mark_all_read: undefined
}

export type ClientEvent = keyof ClientEvents

/** The maps as socket.io-client's typed Socket wants them: name -> listener. */
export type ServerListeners = { [E in ServerEvent]: (payload: ServerEvents[E]) => void }
export type ClientEmitters = { [E in ClientEvent]: ClientEvents[E] extends undefined ? () => void : (payload: ClientEvents[E]) => void }
