/**
 * The projections screen's own live line: a socket.io connection (auth {token, user_type: "admin"},
 * as the notifications socket connects) that keeps the newest `rebuild_progress` and marks the
 * projector list stale on `admin_updated {topic: "projections"}`. It lives only while the screen is open.
 */
import { useCallback, useEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { io } from 'socket.io-client'
import { sessionToken } from '../../../lib/session'
import { opsKeys } from '../api/ops-keys'
import type { RebuildProgress } from '../types-ops'

const SOCKET_OPTIONS = {
  transports: ['websocket', 'polling'],
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  timeout: 20000,
}

export function parseRebuildProgress(payload: unknown): RebuildProgress | null {
  if (!payload || typeof payload !== 'object') return null
  const p = payload as Record<string, unknown>
  if (typeof p.name !== 'string') return null
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0)
  return { name: p.name, done: num(p.done), total: num(p.total), finished: p.finished === true, error: typeof p.error === 'string' ? p.error : null }
}

export function useRebuildProgress(): { progress: RebuildProgress | null; connected: boolean; reset: () => void } {
  const qc = useQueryClient()
  const token = sessionToken('admin')
  const [progress, setProgress] = useState<RebuildProgress | null>(null)
  const [connected, setConnected] = useState(false)

  useEffect(() => {
    if (!token) return
    const socket = io({ ...SOCKET_OPTIONS, auth: { token, user_type: 'admin' } })
    socket.on('connect', () => setConnected(true))
    socket.on('disconnect', () => setConnected(false))
    socket.on('connect_error', () => setConnected(false))
    socket.on('rebuild_progress', (payload: unknown) => {
      const p = parseRebuildProgress(payload)
      if (!p) return
      setProgress(p)
      if (p.finished) void qc.invalidateQueries({ queryKey: opsKeys.projections() })
    })
    socket.on('admin_updated', (payload: unknown) => {
      const topic = (payload as { topic?: unknown } | null)?.topic
      if (topic === 'projections') void qc.invalidateQueries({ queryKey: opsKeys.projections() })
    })
    return () => {
      socket.removeAllListeners()
      socket.disconnect()
      setConnected(false)
    }
  }, [token, qc])

  const reset = useCallback(() => setProgress(null), [])
  return { progress, connected: token ? connected : false, reset }
}
