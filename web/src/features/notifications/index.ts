/** Public face of notifications (SPEC 4): the bell, the realtime connection that feeds it, and its query keys. */
export { NotificationBell } from './components/NotificationBell'
export { useNotificationSocket, type SocketEventHandlers } from './hooks/useNotificationSocket'
export { notificationKeys } from './api/keys'
