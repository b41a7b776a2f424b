/**
 * A stand-in for socket.io-client in tests. A test file mocks the package with this module,
 *
 *   vi.mock('socket.io-client', () => import('../../testing/fakeSocket'))
 *
 * and imports `socket` from here to see what the app subscribed to and to fire server events.
 * It keeps socket.io's delivery rules that RealtimeProvider relies on: several listeners per
 * event, and `onAny` listeners that hear every server event but not the connection's own
 * (connect, disconnect, connect_error).
 */
import { vi } from 'vitest'

type Listener = (arg?: unknown) => void
type AnyListener = (event: string, arg?: unknown) => void

const CONNECTION_EVENTS = new Set(['connect', 'disconnect', 'connect_error'])
const handlers = new Map<string, Set<Listener>>()
const anyListeners = new Set<AnyListener>()

export const socket = {
  /** the listeners the app added with on(), by event */
  handlers,
  /** the options the app passed to io() */
  options: undefined as unknown,
  /** how many sockets the app opened since the last reset() */
  opened: 0,
  on: (ev: string, fn: Listener) => {
    handlers.set(ev, (handlers.get(ev) ?? new Set()).add(fn))
    return socket
  },
  onAny: (fn: AnyListener) => {
    anyListeners.add(fn)
    return socket
  },
  offAny: vi.fn(() => anyListeners.clear()),
  emit: vi.fn(),
  disconnect: vi.fn(),
  removeAllListeners: vi.fn(() => handlers.clear()),
  /** delivers a server event (or a connection event) to the app's listeners */
  fire: (ev: string, arg?: unknown) => {
    for (const fn of [...(handlers.get(ev) ?? [])]) fn(arg)
    if (!CONNECTION_EVENTS.has(ev)) for (const fn of [...anyListeners]) fn(ev, arg)
  },
  /** forgets the previous test's listeners, options and calls */
  reset: () => {
    handlers.clear()
    anyListeners.clear()
    socket.options = undefined
    socket.opened = 0
    socket.emit.mockClear()
    socket.disconnect.mockClear()
    socket.removeAllListeners.mockClear()
    socket.offAny.mockClear()
  },
}

export function io(opts: unknown) {
  socket.options = opts
  socket.opened += 1
  return socket
}
