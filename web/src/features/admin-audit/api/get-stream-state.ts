/** GET /api/admin/streams/{id}/state?at=: the stream's state as it was at one instant (time travel). */
import { useQuery } from '@tanstack/react-query'
import { adminFetch, withQuery } from '../../admin'
import type { StreamState } from '../types'
import { auditKeys } from './keys'

export const getStreamState = (id: string, at: string, signal?: AbortSignal) =>
  adminFetch<StreamState>(withQuery(`/api/admin/streams/${encodeURIComponent(id)}/state`, { at }), { signal })

export const useStreamState = (id: string, at: string | null) =>
  useQuery({
    queryKey: auditKeys.streamState(id, at ?? ''),
    queryFn: ({ signal }) => getStreamState(id, at!, signal),
    enabled: Boolean(id && at),
    retry: false,
  })
