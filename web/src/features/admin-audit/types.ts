/**
 * The shapes of the audit screens (the event log, a record's history at any time and between two
 * times), as docs/API.md ("Admin") gives them: the server's types. Times are RFC 3339 UTC.
 */
import type { ApiSchema } from '../../api'

export type EventsPage = ApiSchema<'EventPage'>

export type StreamHistory = ApiSchema<'StreamHistory'>

export type StreamState = ApiSchema<'StateAt'>

/** `op` is add, remove or replace. */
export type StreamChange = ApiSchema<'Difference'>

export type StreamDiff = ApiSchema<'StateDiff'>

/** GET /api/admin/accounts?q=: one account of any role, as the lookup finds it. */
export type AccountMatch = ApiSchema<'AccountRow'>
