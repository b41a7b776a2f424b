/** GET /api/admin/streams/{id}/diff?from=&to=: what changed in the stream between two instants. */
import { useQuery } from '@tanstack/react-query'
import type { StreamDiff } from '../types-ops'
import { opsFetch, withQuery } from './ops-client'
import { opsKeys } from './ops-keys'

export const getStreamDiff = (id: string, from: string, to: string, signal?: AbortSignal) =>
  opsFetch<StreamDiff>(withQuery(`/api/admin/streams/${encodeURIComponent(id)}/diff`, { from, to }), { signal })

export const useStreamDiff = (id: string, range: { from: string; to: string } | null) =>
  useQuery({
    queryKey: opsKeys.streamDiff(id, range?.from ?? '', range?.to ?? ''),
    queryFn: ({ signal }) => getStreamDiff(id, range!.from, range!.to, signal),
    enabled: Boolean(id && range),
    retry: false,
  })
