/**
 * The shapes the admin workspace itself reads (the overview, admins and their two-factor sign-in,
 * events as the overview lists them), as docs/API.md ("Admin") gives them: the server's types.
 * Times are RFC 3339 UTC.
 */
import type { ApiSchema } from '../../api'

export { STAGES as OPS_STAGES, type Stage as OpsStage } from '../../lib/stages'

/** GET /api/admin/overview: what needs attention now, the agency's day, and the newest events. */
export type Attention = ApiSchema<'OverviewAttention'>
export type Overview = ApiSchema<'Overview'>
/** The overview's "Today": today's interviews across every client (Sydney day, soonest first) and the day's counts. */
export type Today = ApiSchema<'Today'>
/** One of today's interviews; `candidate_name` is "[erased]" once their data is erased. */
export type TodaysInterview = ApiSchema<'TodaysInterview'>

/** One event of the global log. Personal fields come decrypted, or as the string "[erased]". */
export type AuditEvent = ApiSchema<'AuditEvent'>

/** GET /api/admin/two-factor: the signed-in admin's own two-factor sign-in. */
export type TwoFactorStatus = ApiSchema<'TwoFactorStatus'>
/** POST /api/admin/two-factor/setup: a new secret; `qr_svg` is an SVG document of the otpauth URL. */
export type TwoFactorSetup = ApiSchema<'TwoFactorSetup'>
/** POST /api/admin/two-factor/confirm: the recovery codes, shown this once, and this session's new token (every other one ends). */
export type TwoFactorConfirmed = ApiSchema<'TwoFactorConfirmed'>

/** GET /api/admin/admins */
export type AdminAccount = ApiSchema<'AdminRow'>

/** The answer of most commands. */
export type MessageReply = ApiSchema<'Message'>
