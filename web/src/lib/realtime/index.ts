/**
 * The session's socket.io connection: a typed event map and the hooks that follow it. The
 * provider that opens the socket is imported from './RealtimeProvider' by the workspaces that
 * mount it, so nothing else (the public pages) downloads the socket.io client.
 */
export { useRealtime, useRealtimeConnected, useRealtimeEmit } from './useRealtime'
export { ADMIN_TOPICS, type AdminTopic, type Notification, type ServerEvent, type ServerEvents, type ClientEvents } from './events'
