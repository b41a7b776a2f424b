/** The hooks a screen uses to follow the session's socket (RealtimeProvider). */
import { useContext, useEffect, useRef } from 'react'
import type { ServerEvent, ServerEvents } from './events'
import { RealtimeBusContext, RealtimeConnectedContext, type RealtimeBus } from './context'

/**
 * Runs `handler` for every `event` the server sends while the calling component is mounted.
 * The newest handler runs, so it may close over props and state without resubscribing.
 */
export function useRealtime<E extends ServerEvent>(event: E, handler: (payload: ServerEvents[E]) => void): void {
  const { subscribe } = useContext(RealtimeBusContext)
  const latest = useRef(handler)
  useEffect(() => {
    latest.current = handler
  })
  useEffect(() => subscribe(event, (payload) => latest.current(payload)), [subscribe, event])
}

/**
 * Whether the session's socket is open. A write the server echoes as a socket event
 * (pipeline_updated, assessment_updated, application_updated) needs no refetch of its own
 * while it is: the event marks the same queries stale in this tab as in the others.
 */
export function useRealtimeConnected(): boolean {
  return useContext(RealtimeConnectedContext)
}

/** Sends a client event (get_notifications, ...) on the session's socket. */
export function useRealtimeEmit(): RealtimeBus['emit'] {
  return useContext(RealtimeBusContext).emit
}
