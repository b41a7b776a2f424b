/** GET /api/admin/overview: the counts that need attention now, the agency’s day (today’s interviews and counts) and the 20 newest events. */
import { useQuery } from '@tanstack/react-query'
import type { Overview } from '../types'
import { adminFetch } from './client'
import { adminKeys } from './keys'

export const getOverview = (signal?: AbortSignal) => adminFetch<Overview>('/api/admin/overview', { signal })

export const useOverview = () => useQuery({ queryKey: adminKeys.overview(), queryFn: ({ signal }) => getOverview(signal) })
