/**
 * Query keys of the workspace itself, and the root every admin feature's keys start from. Each
 * feature's key factory (admin-people, admin-operations, admin-audit: api/keys.ts) starts its keys
 * with ['admin', topic], where topic is the `admin_updated` topic that makes them stale
 * ("employers", "enquiries", "outbox", "jobs", "events", "projections"), so the socket handler
 * (hooks/useAdminLive.ts) reaches every list below a topic with one prefix. The overview changes
 * with every topic.
 */
export const adminKeys = {
  all: ['admin'] as const,
  overview: () => [...adminKeys.all, 'overview'] as const,
  admins: () => [...adminKeys.all, 'admins'] as const,
  /** the signed-in admin's own two-factor sign-in; no socket topic changes it */
  twoFactor: () => [...adminKeys.all, 'two-factor'] as const,
}
