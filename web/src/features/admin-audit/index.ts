/**
 * The audit screens (the event log, a record's history, time travel and comparison). Operations
 * use the audit query keys: closing a job writes events, so it marks the log stale. The app's
 * routes import the screens themselves (one chunk each).
 */
export { auditKeys } from './api/keys'
