/** GET /api/admin/erasures?limit=: the erasure log, newest first (issue 12). */
import { useQuery } from '@tanstack/react-query'
import { adminFetch, asList } from '../../admin'
import type { Erasure } from '../types'
import { peopleKeys } from './keys'

export const ERASURES_LIMIT = 200

export async function getErasures(signal?: AbortSignal): Promise<Erasure[]> {
  const data = await adminFetch<{ erasures?: unknown } | null>(`/api/admin/erasures?limit=${ERASURES_LIMIT}`, { signal })
  return asList<Erasure>(data?.erasures)
}

export const useErasures = () => useQuery({ queryKey: peopleKeys.erasures(), queryFn: ({ signal }) => getErasures(signal) })
