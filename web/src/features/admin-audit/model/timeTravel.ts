/** The instants a person travels to on a stream page: quick picks and "just before" an event. */
import type { AuditEvent } from '../../admin'

const DAY_MS = 24 * 60 * 60 * 1000

export const yesterday = (now: Date = new Date()) => new Date(now.getTime() - DAY_MS).toISOString()
export const weekAgo = (now: Date = new Date()) => new Date(now.getTime() - 7 * DAY_MS).toISOString()

/** One millisecond before the event was recorded: the state without it and with everything earlier. */
export function justBefore(e: Pick<AuditEvent, 'recorded_at'>): string {
  const t = new Date(e.recorded_at).getTime()
  return Number.isNaN(t) ? '' : new Date(t - 1).toISOString()
}

/** The moment the event was recorded (it included), to the millisecond. */
export function justAfter(e: Pick<AuditEvent, 'recorded_at'>): string {
  const t = new Date(e.recorded_at).getTime()
  return Number.isNaN(t) ? '' : new Date(t + 1).toISOString()
}

/** "Version 3 of 7", "Did not exist yet", "Version 7 (the latest)". */
export function versionLabel(version: number, latest: number): string {
  if (version <= 0) return 'Did not exist yet'
  if (version >= latest) return `Version ${version} (the latest)`
  return `Version ${version} of ${latest}`
}
