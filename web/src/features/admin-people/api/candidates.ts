/**
 * GET /api/admin/candidates?q= (name, email, profile skills, summary or location, or a position
 * held contains q; newest 50) and GET
 * /api/admin/candidates/{id}: the record. Opening the record appends CandidateRecordViewed (who,
 * when) on the server, so it is read once per visit and never refetched behind the user's back.
 * GET /api/admin/documents/{id}: one of their files, saved under its own name; the server records
 * that opening in the record's access log too.
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import { fetchBearerAttachment, saveBlob } from '../../../lib/download'
import { adminFetch, asList, seg } from '../../admin'
import type { CandidateDocument, CandidateRecord, CandidateRow } from '../types'
import { peopleKeys } from './keys'

export async function searchCandidates(q: string, signal?: AbortSignal): Promise<CandidateRow[]> {
  return asList<CandidateRow>(await adminFetch<unknown>(`/api/admin/candidates?q=${encodeURIComponent(q)}`, { signal }))
}

export const useCandidateSearch = (q: string) =>
  useQuery({ queryKey: peopleKeys.candidateSearch(q), queryFn: ({ signal }) => searchCandidates(q, signal), placeholderData: keepPreviousData })

export const getCandidateRecord = (id: string, signal?: AbortSignal) => adminFetch<CandidateRecord>(`/api/admin/candidates/${seg(id)}`, { signal })

export const useCandidateRecord = (id: string) =>
  useQuery({
    queryKey: peopleKeys.candidate(id),
    queryFn: ({ signal }) => getCandidateRecord(id, signal),
    // each read is an audited opening: no background refetches, no retries of a refused one
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  })

export async function downloadCandidateDocument(doc: Pick<CandidateDocument, 'id' | 'original_name' | 'title'>): Promise<void> {
  const { blob, filename } = await fetchBearerAttachment('admin', `/api/admin/documents/${seg(doc.id)}`)
  saveBlob(blob, filename ?? (doc.original_name || doc.title))
}

export const useDownloadCandidateDocument = () => useMutation({ mutationFn: downloadCandidateDocument })
