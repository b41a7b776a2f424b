/**
 * What the session's socket offers the screens (the bus) and whether it is open: the contexts
 * RealtimeProvider fills. Kept apart from the provider so the hooks, which the public header's
 * bell uses too, do not pull the socket.io client into pages that never open a socket.
 */
import { createContext } from 'react'
import type { ClientEvent, ClientEvents, ServerEvent, ServerEvents } from './events'

/** The arguments `emit` takes after the event name: none for an event without a payload. */
export type EmitArgs<E extends ClientEvent> = ClientEvents[E] extends undefined ? [] : [payload: ClientEvents[E]]

export type RealtimeBus = {
  /** Adds a listener for one server event; returns what removes it. */
  subscribe: <E extends ServerEvent>(event: E, listener: (payload: ServerEvents[E]) => void) => () => void
  /** Sends a client event on the open socket; without one it is dropped (the next connect asks again). */
  emit: <E extends ClientEvent>(event: E, ...args: EmitArgs<E>) => void
}

/** Outside a provider (a screen rendered on its own, a signed-out page) nothing arrives and nothing is sent. */
const OFFLINE: RealtimeBus = { subscribe: () => () => {}, emit: () => {} }

export const RealtimeBusContext = createContext<RealtimeBus>(OFFLINE)
export const RealtimeConnectedContext = createContext(false)

