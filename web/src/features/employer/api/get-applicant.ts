/** GET /api/employer/applications/{id}: one applicant with profile, documents, history, notes, scorecards and interviews. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { retryUnlessNotFound } from '../../../lib/api'
import type { ApplicantDetail } from '../types'
import { employerFetch } from './client'
import { employerKeys } from './keys'

export const getApplicant = (id: string, signal?: AbortSignal) =>
  employerFetch<ApplicantDetail>(`/api/employer/applications/${encodeURIComponent(id)}`, { signal })

export const applicantQueryOptions = (id: string) =>
  queryOptions({
    queryKey: employerKeys.applicant(id),
    queryFn: ({ signal }) => getApplicant(id, signal),
    retry: retryUnlessNotFound,
  })

export const useApplicant = (id: string) => useQuery(applicantQueryOptions(id))
