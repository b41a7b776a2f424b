/** The session's socket.io connection: one provider, a typed event map and the hooks that follow it. */
export { RealtimeProvider } from './RealtimeProvider'
export { useRealtime, useRealtimeConnected, useRealtimeEmit } from './useRealtime'
export { ADMIN_TOPICS, type AdminTopic, type Notification, type ServerEvent, type ServerEvents, type ClientEvents } from './events'
