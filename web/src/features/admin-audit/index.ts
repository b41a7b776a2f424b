/**
 * The audit screens (the event log, a record's history, time travel and comparison). Operations
 * use the audit query keys: closing a job writes events, so it marks the log stale; and the
 * account lookup, to find the account a failed mail went to. The app's routes import the screens
 * themselves (one chunk each).
 */
export { useAccountWithEmail } from './api/find-accounts'
export { auditKeys } from './api/keys'
