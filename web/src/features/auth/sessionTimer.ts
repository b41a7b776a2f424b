/** The employer session clock (SPEC 4): a pure status computation and the recheck cadence. */
import type { JwtClaims } from '../../lib/session'

export const SESSION_WARNING_FRACTION = 0.25
export const SESSION_CRITICAL_FRACTION = 0.1
export const SESSION_RECHECK_MS = 240_000
export const SESSION_FAST_RECHECK_MS = 1_000
export const SESSION_FAST_RECHECK_BELOW_S = 60
export const SESSION_EXPIRED_MESSAGE = 'Session expired'

export type SessionStatus = {
  status: 'active' | 'warning' | 'critical' | 'expired'
  message: string | null
  /** seconds left; 0 once expired */
  remainingSeconds: number
  /** when to look again */
  nextCheckMs: number
}

/** Where a token stands at `nowMs`; an unreadable token or one without exp counts as expired. */
export function sessionStatus(claims: JwtClaims | null, nowMs: number): SessionStatus {
  if (!claims || typeof claims.exp !== 'number') {
    return { status: 'expired', message: SESSION_EXPIRED_MESSAGE, remainingSeconds: 0, nextCheckMs: SESSION_FAST_RECHECK_MS }
  }
  const remaining = claims.exp - nowMs / 1000
  if (remaining <= 0) {
    return { status: 'expired', message: SESSION_EXPIRED_MESSAGE, remainingSeconds: 0, nextCheckMs: SESSION_FAST_RECHECK_MS }
  }
  const nextCheckMs = recheckDelay(remaining)
  const lifetime = typeof claims.iat === 'number' ? claims.exp - claims.iat : 0
  const fraction = lifetime > 0 ? remaining / lifetime : 1
  if (fraction <= SESSION_CRITICAL_FRACTION) {
    const seconds = Math.ceil(remaining)
    return {
      status: 'critical',
      message: `Your session expires in ${seconds} second${seconds === 1 ? '' : 's'}`,
      remainingSeconds: remaining,
      nextCheckMs,
    }
  }
  if (fraction <= SESSION_WARNING_FRACTION) {
    const minutes = Math.ceil(remaining / 60)
    return {
      status: 'warning',
      message: `Your session expires in ${minutes} minute${minutes === 1 ? '' : 's'}`,
      remainingSeconds: remaining,
      nextCheckMs,
    }
  }
  return { status: 'active', message: null, remainingSeconds: remaining, nextCheckMs }
}

/** Every 240000 ms, or every 1000 ms once 60 seconds or less remain. */
export function recheckDelay(remainingSeconds: number): number {
  return remainingSeconds <= SESSION_FAST_RECHECK_BELOW_S ? SESSION_FAST_RECHECK_MS : SESSION_RECHECK_MS
}
