/** GET /api/admin/streams/{id}: a stream's whole history, oldest first. */
import { useQuery } from '@tanstack/react-query'
import { adminFetch, retryServerErrors } from '../../admin'
import type { StreamHistory } from '../types'
import { auditKeys } from './keys'

export const getStream = (id: string, signal?: AbortSignal) => adminFetch<StreamHistory>(`/api/admin/streams/${encodeURIComponent(id)}`, { signal })

export const useStream = (id: string) => useQuery({ queryKey: auditKeys.stream(id), queryFn: ({ signal }) => getStream(id, signal), enabled: id !== '', retry: retryServerErrors })
