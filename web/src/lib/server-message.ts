/** Turning a failed call into the text SPEC 8 asks for: the server's own error, else a fixed fallback. */
import { ApiError } from './api'

// apiFetch's text when the body had no `error` field
const GENERIC_API_ERROR = /^Request failed with status \d+$/

/** The server's error text, or null when the failure carried none (or nothing answered). */
export function serverMessage(err: unknown): string | null {
  if (err instanceof ApiError && !GENERIC_API_ERROR.test(err.message)) return err.message
  return null
}

export function serverMessageOr(err: unknown, fallback: string): string {
  return serverMessage(err) ?? fallback
}
