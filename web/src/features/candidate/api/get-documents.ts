/** GET /api/documents (SPEC 7.4). */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import type { CandidateDocument } from '../types'
import { candidateFetch } from './client'
import { candidateKeys } from './keys'

export async function getDocuments(): Promise<CandidateDocument[]> {
  const data = await candidateFetch<ApiReply<'list_documents'>>('/api/documents')
  return Array.isArray(data?.documents) ? data.documents : []
}

export const documentsQueryOptions = () => queryOptions({ queryKey: candidateKeys.documentList(), queryFn: getDocuments })

export const useDocuments = () => useQuery(documentsQueryOptions())
