/** Public face of notifications (SPEC 4): the bell, the realtime feed that keeps it current, and its query keys. */
export { NotificationBell } from './components/NotificationBell'
export { useNotificationFeed } from './hooks/useNotificationFeed'
export { useReadOnArrival } from './hooks/useReadOnArrival'
export { notificationKeys } from './api/keys'
