/**
 * The admin workspace's live screens: `admin_updated {topic}` from the admins' room marks the
 * queries of that topic stale (every key under ['admin', topic]) and the overview with them, so
 * an open list or the overview reads again. Handlers only invalidate: the cache stays the one
 * copy of the state. A candidate record is never refetched by it: each read is an audited opening.
 */
import { useMemo } from 'react'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { adminKeys } from '../api/keys'

export const ADMIN_TOPICS = ['employers', 'enquiries', 'outbox', 'projections', 'events', 'jobs'] as const
export type AdminTopic = (typeof ADMIN_TOPICS)[number]

export function adminTopic(payload: unknown): AdminTopic | null {
  const topic = (payload as { topic?: unknown } | null)?.topic
  return typeof topic === 'string' && (ADMIN_TOPICS as readonly string[]).includes(topic) ? (topic as AdminTopic) : null
}

export function invalidateTopic(qc: QueryClient, topic: AdminTopic) {
  void qc.invalidateQueries({ queryKey: [...adminKeys.all, topic] })
  void qc.invalidateQueries({ queryKey: adminKeys.overview() })
}

export function useAdminLiveHandlers(): Record<string, (payload: unknown) => void> {
  const qc = useQueryClient()
  return useMemo(
    () => ({
      admin_updated: (payload: unknown) => {
        const topic = adminTopic(payload)
        if (topic) invalidateTopic(qc, topic)
      },
    }),
    [qc],
  )
}
