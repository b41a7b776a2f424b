/** GET /api/admin/projections: every projector's position, lag and health, and the rebuild under way. */
import { useQuery } from '@tanstack/react-query'
import { adminFetch } from '../../admin'
import type { ProjectionsStatus } from '../types'
import { operationsKeys } from './keys'

export const PROJECTIONS_POLL_MS = 5000

export async function getProjections(signal?: AbortSignal): Promise<ProjectionsStatus> {
  const data = await adminFetch<Partial<ProjectionsStatus> | null>('/api/admin/projections', { signal })
  return { projectors: Array.isArray(data?.projectors) ? data.projectors : [], rebuild: data?.rebuild ?? null }
}

/** Polled every 5 s while the page is open, on top of the socket's nudges. */
export const useProjections = () =>
  useQuery({ queryKey: operationsKeys.projections(), queryFn: ({ signal }) => getProjections(signal), refetchInterval: PROJECTIONS_POLL_MS })
