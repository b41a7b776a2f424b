/** GET /api/admin/streams/{id}/state?at=: the stream's state as it was at one instant (time travel). */
import { useQuery } from '@tanstack/react-query'
import type { StreamState } from '../types-ops'
import { opsFetch, withQuery } from './ops-client'
import { opsKeys } from './ops-keys'

export const getStreamState = (id: string, at: string, signal?: AbortSignal) =>
  opsFetch<StreamState>(withQuery(`/api/admin/streams/${encodeURIComponent(id)}/state`, { at }), { signal })

export const useStreamState = (id: string, at: string | null) =>
  useQuery({
    queryKey: opsKeys.streamState(id, at ?? ''),
    queryFn: ({ signal }) => getStreamState(id, at!, signal),
    enabled: Boolean(id && at),
    retry: false,
  })
