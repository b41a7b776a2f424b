/** An audit event as GET /api/admin/events gives it, for the admin screens' tests: Alex Admin
 *  entering a two-factor code, event 192 of the log; `over` changes what a test needs. */
import type { ApiSchema } from '../api'

type AuditEvent = ApiSchema<'AuditEvent'>

export function twoFactorEvent(over: Partial<AuditEvent> = {}): AuditEvent {
  return {
    event_id: '0190e0e0-0000-7000-8000-0000000000e1',
    event_type: 'TotpCodeAccepted',
    summary: 'Alex Admin entered a two-factor code',
    payload: {},
    position: 192,
    recorded_at: '2026-01-05T03:00:00Z',
    stream_id: 'account-01a22584-b0e5-7000-8000-00000000a1a1',
    stream_version: 7,
    schema_version: 1,
    correlation_id: '0190c0c0-0000-7000-8000-0000000000c1',
    actor_id: '01a22584-b0e5-7000-8000-00000000a1a1',
    actor_name: 'Alex Admin',
    actor_role: 'admin',
    ...over,
  }
}
