/**
 * A stand-in for socket.io-client in tests. A test file mocks the package with this module,
 *
 *   vi.mock('socket.io-client', () => import('../../testing/fakeSocket'))
 *
 * and imports `socket` from here to see what the app subscribed to and to fire server events.
 */
import { vi } from 'vitest'

const handlers = new Map<string, (arg?: unknown) => void>()

export const socket = {
  handlers,
  /** the options the app passed to io() */
  options: undefined as unknown,
  on: (ev: string, fn: (arg?: unknown) => void) => handlers.set(ev, fn),
  emit: vi.fn(),
  disconnect: vi.fn(),
  removeAllListeners: vi.fn(),
  /** delivers a server event to the app's handler */
  fire: (ev: string, arg?: unknown) => handlers.get(ev)?.(arg),
}

export function io(opts: unknown) {
  socket.options = opts
  return socket
}
