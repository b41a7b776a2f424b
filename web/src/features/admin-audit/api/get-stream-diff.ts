/** GET /api/admin/streams/{id}/diff?from=&to=: what changed in the stream between two instants. */
import { useQuery } from '@tanstack/react-query'
import { adminFetch, withQuery } from '../../admin'
import type { StreamDiff } from '../types'
import { auditKeys } from './keys'

export const getStreamDiff = (id: string, from: string, to: string, signal?: AbortSignal) =>
  adminFetch<StreamDiff>(withQuery(`/api/admin/streams/${encodeURIComponent(id)}/diff`, { from, to }), { signal })

export const useStreamDiff = (id: string, range: { from: string; to: string } | null) =>
  useQuery({
    queryKey: auditKeys.streamDiff(id, range?.from ?? '', range?.to ?? ''),
    queryFn: ({ signal }) => getStreamDiff(id, range!.from, range!.to, signal),
    enabled: Boolean(id && range),
    retry: false,
  })
