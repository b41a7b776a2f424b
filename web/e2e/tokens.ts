/**
 * The e2e server's token secret, and the one thing the tests do with it: age a session's last
 * second factor. A sensitive admin action needs a code passed in the last 15 minutes (issue 26);
 * a test cannot wait that long, so it re-signs the session's own token with `mfa_at` further
 * back, everything else (the session id, how it was proved) kept: the same session, older.
 */
import { createHmac } from 'node:crypto'

/** Passed to `recruit serve` as JWT_SECRET (global-setup.ts): a test server's, never a real one. */
export const E2E_JWT_SECRET = 'e2e only: the browser tests sign aged sessions with this'

const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url')

/** `token` as if its second factor had been passed `seconds` earlier than it was. */
export function ageSecondFactor(token: string, seconds: number): string {
  const [, payload] = token.split('.')
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { mfa_at?: number }
  if (typeof claims.mfa_at !== 'number') throw new Error('this session has not passed a second factor: nothing to age')
  const aged = { ...claims, mfa_at: claims.mfa_at - seconds }
  const unsigned = `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify(aged))}`
  return `${unsigned}.${createHmac('sha256', E2E_JWT_SECRET).update(unsigned).digest('base64url')}`
}
