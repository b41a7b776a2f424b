/**
 * Query keys of the audit screens. Each starts with ['admin', 'events'] (admin/api/keys.ts): the
 * `admin_updated` topic "events" makes every page, stream and comparison below it stale.
 */
import { adminKeys } from '../../admin'
import type { AuditFilters } from '../model/auditFilters'

export const auditKeys = {
  events: () => [...adminKeys.all, 'events'] as const,
  eventPage: (f: AuditFilters) => [...auditKeys.events(), 'page', f] as const,
  eventTypes: () => [...auditKeys.events(), 'types'] as const,
  stream: (id: string) => [...auditKeys.events(), 'stream', id] as const,
  streamState: (id: string, at: string) => [...auditKeys.stream(id), 'state', at] as const,
  streamDiff: (id: string, from: string, to: string) => [...auditKeys.stream(id), 'diff', from, to] as const,
  /** Account lookups (the "Who did it" filter): people change, events do not make them stale. */
  accounts: (q: string) => [...adminKeys.all, 'accounts', q] as const,
}
