/**
 * The admin workspace's live screens: `admin_updated {topic}` from the admins' room marks the
 * queries of that topic stale (every key under ['admin', topic]) and the overview with them, so
 * an open list or the overview reads again. Handlers only invalidate: the cache stays the one
 * copy of the state. A candidate record is never refetched by it: each read is an audited opening.
 *
 * Unlike the employer's and candidate's events, these are not echoes of a write: the server polls
 * the read models every two seconds and names what changed, whoever changed it. So an admin's own
 * write still refetches from its mutation at once (its read carries the consistency token), and
 * the topic's event up to two seconds later refetches again: it cannot tell this tab's change from
 * another admin's, and skipping it could hide the other's.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { ADMIN_TOPICS, useRealtime, type AdminTopic } from '../../../lib/realtime'
import { adminKeys } from '../api/keys'

/** The topic a payload names, if this client knows it (a newer server may name one it does not). */
export function adminTopic(payload: unknown): AdminTopic | null {
  const topic = (payload as { topic?: unknown } | null)?.topic
  return typeof topic === 'string' && (ADMIN_TOPICS as readonly string[]).includes(topic) ? (topic as AdminTopic) : null
}

function invalidateTopic(qc: QueryClient, topic: AdminTopic) {
  void qc.invalidateQueries({ queryKey: [...adminKeys.all, topic] })
  void qc.invalidateQueries({ queryKey: adminKeys.overview() })
}

/** Follows the session's socket; the workspace calls it once, inside its RealtimeProvider. */
export function useAdminLive(): void {
  const qc = useQueryClient()
  useRealtime('admin_updated', (payload) => {
    const topic = adminTopic(payload)
    if (topic) invalidateTopic(qc, topic)
  })
}
