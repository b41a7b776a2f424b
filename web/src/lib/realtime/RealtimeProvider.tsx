/**
 * The one socket.io connection of a signed-in session (SPEC 7.7): a workspace mounts
 * RealtimeProvider with its role and token, and every listener below it subscribes by event
 * name through useRealtime. The provider owns the socket: it opens it with the token,
 * closes and reopens it when the role or token changes, and hands each server event to the
 * listeners of that name, so a screen that mounts later needs no connection of its own.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { io, type Socket } from 'socket.io-client'
import type { Role } from '../session'
import { RealtimeBusContext, RealtimeConnectedContext, type RealtimeBus } from './context'
import type { ClientEmitters, ServerListeners } from './events'

const SOCKET_OPTIONS = {
  transports: ['websocket', 'polling'],
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  timeout: 20000,
}

type RealtimeSocket = Socket<ServerListeners, ClientEmitters>

type Listener = (payload: unknown) => void

export function RealtimeProvider({ role, token, children }: { role: Role; token: string | null; children: ReactNode }) {
  // Listeners outlive sockets: a reconnect or a new token keeps every subscription.
  const [listeners] = useState(() => new Map<string, Set<Listener>>())
  const socketRef = useRef<RealtimeSocket | null>(null)
  const [connected, setConnected] = useState(false)

  useEffect(() => {
    if (!token) return
    const socket: RealtimeSocket = io({ ...SOCKET_OPTIONS, auth: { token, user_type: role } })
    socketRef.current = socket
    socket.on('connect', () => setConnected(true))
    socket.on('disconnect', () => setConnected(false))
    socket.on('connect_error', (err: Error) => {
      console.error('Realtime connection failed', err.message)
      setConnected(false)
    })
    socket.on('error', (data) => console.error('Realtime error', data?.message))
    socket.onAny((event: string, payload: unknown) => {
      if (event === 'connected') setConnected(true)
      for (const listener of listeners.get(event) ?? []) listener(payload)
    })
    return () => {
      socket.offAny()
      socket.removeAllListeners()
      socket.disconnect()
      socketRef.current = null
      setConnected(false)
    }
  }, [role, token, listeners])

  const subscribe = useCallback<RealtimeBus['subscribe']>(
    (event, listener) => {
      const named = listeners.get(event) ?? new Set<Listener>()
      listeners.set(event, named)
      const entry = listener as Listener
      named.add(entry)
      return () => {
        named.delete(entry)
      }
    },
    [listeners],
  )

  const emit = useCallback<RealtimeBus['emit']>((event, ...args) => {
    const socket = socketRef.current as unknown as { emit: (event: string, ...args: unknown[]) => void } | null
    socket?.emit(event, ...args)
  }, [])

  const bus = useMemo(() => ({ subscribe, emit }), [subscribe, emit])
  return (
    <RealtimeBusContext.Provider value={bus}>
      <RealtimeConnectedContext.Provider value={token ? connected : false}>{children}</RealtimeConnectedContext.Provider>
    </RealtimeBusContext.Provider>
  )
}
