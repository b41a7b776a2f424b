/** The checks the people screens' forms make before they send (the server makes them again). */
export const REASON_MAX = 2000
export const REASON_REQUIRED = 'Please give a reason'
export const REPLY_REQUIRED = 'Reply is required'

/** A reject or suspend reason: required here (the employer reads it), at most 2000 characters. */
export function reasonError(reason: string): string | null {
  if (!reason.trim()) return REASON_REQUIRED
  if ([...reason.trim()].length > REASON_MAX) return `Reason must be at most ${REASON_MAX} characters`
  return null
}
