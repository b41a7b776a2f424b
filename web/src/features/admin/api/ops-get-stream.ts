/** GET /api/admin/streams/{id}: a stream's whole history, oldest first. */
import { useQuery } from '@tanstack/react-query'
import type { StreamHistory } from '../types-ops'
import { opsFetch, retryServerErrors } from './ops-client'
import { opsKeys } from './ops-keys'

export const getStream = (id: string, signal?: AbortSignal) => opsFetch<StreamHistory>(`/api/admin/streams/${encodeURIComponent(id)}`, { signal })

export const useStream = (id: string) => useQuery({ queryKey: opsKeys.stream(id), queryFn: ({ signal }) => getStream(id, signal), enabled: id !== '', retry: retryServerErrors })
