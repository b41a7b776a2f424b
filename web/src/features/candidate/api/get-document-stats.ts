/** GET /api/documents/stats (SPEC 7.4). */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import type { DocumentStat } from '../types'
import { candidateFetch } from './client'
import { candidateKeys } from './keys'

export async function getDocumentStats(): Promise<DocumentStat[]> {
  const data = await candidateFetch<ApiReply<'stats'>>('/api/documents/stats')
  return Array.isArray(data?.stats) ? data.stats : []
}

export const documentStatsQueryOptions = () =>
  queryOptions({ queryKey: candidateKeys.documentStats(), queryFn: getDocumentStats })

export const useDocumentStats = () => useQuery(documentStatsQueryOptions())
