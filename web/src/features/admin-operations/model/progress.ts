/** A projection rebuild's progress, from the socket's rebuild_progress or GET /api/admin/projections' rebuild. */
import type { RebuildProgress, RebuildStatus } from '../types'

/** Whole per cent done, 0..100; a finished rebuild of nothing is 100. */
export function percentDone(done: number, total: number, finished = false): number {
  if (!Number.isFinite(done) || !Number.isFinite(total) || total <= 0) return finished ? 100 : 0
  return Math.max(0, Math.min(100, Math.floor((done / total) * 100)))
}

export type RebuildView = { name: string; done: number; total: number; finished: boolean; error: string | null }

export function fromStatus(r: RebuildStatus): RebuildView {
  return { name: r.name, done: r.done, total: r.total, finished: r.finished, error: r.error ?? null }
}

export const fromSocket = (p: RebuildProgress): RebuildView => ({ name: p.name, done: p.done, total: p.total, finished: p.finished, error: p.error ?? null })

/**
 * The newest word on a rebuild: the socket is live but a poll can be newer (a finished rebuild
 * the socket missed). Of two views of the same projector the one further on wins.
 */
export function latestRebuild(polled: RebuildStatus | null, live: RebuildProgress | null): RebuildView | null {
  const a = polled ? fromStatus(polled) : null
  const b = live ? fromSocket(live) : null
  if (!a || !b) return a ?? b
  // one rebuild runs at a time: of two different projectors, the one still running is the newer
  if (a.name !== b.name) return !b.finished ? b : a
  if (a.finished !== b.finished) return a.finished ? a : b
  return b.done >= a.done ? b : a
}

export function rebuildOutcome(v: RebuildView): { tone: 'info' | 'success' | 'danger'; text: string } {
  if (v.error) return { tone: 'danger', text: `Rebuild failed: ${v.error}` }
  if (v.finished) return { tone: 'success', text: `Rebuilt: ${v.done.toLocaleString('en-AU')} events replayed` }
  return { tone: 'info', text: `Rebuilding: ${v.done.toLocaleString('en-AU')} of ${v.total.toLocaleString('en-AU')} events` }
}

/** Lag as words: "Up to date", "1 event behind", "1,204 events behind". */
export const lagLabel = (lag: number) => (lag <= 0 ? 'Up to date' : `${lag.toLocaleString('en-AU')} event${lag === 1 ? '' : 's'} behind`)
