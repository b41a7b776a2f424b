/**
 * The projections screen's live line on the session's socket (RealtimeProvider): keeps the newest
 * `rebuild_progress` while the screen is open, and reads the projector list again the moment a
 * rebuild finishes rather than at the next `admin_updated {topic: "projections"}` (which
 * useAdminLive handles for the whole workspace, up to two seconds later).
 */
import { useCallback, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useRealtime, useRealtimeConnected } from '../../../lib/realtime'
import { operationsKeys } from '../api/keys'
import type { RebuildProgress } from '../types'

export function useRebuildProgress(): { progress: RebuildProgress | null; connected: boolean; reset: () => void } {
  const qc = useQueryClient()
  const connected = useRealtimeConnected()
  const [progress, setProgress] = useState<RebuildProgress | null>(null)
  useRealtime('rebuild_progress', (p) => {
    setProgress(p)
    if (p.finished) void qc.invalidateQueries({ queryKey: operationsKeys.projections() })
  })
  const reset = useCallback(() => setProgress(null), [])
  return { progress, connected, reset }
}
