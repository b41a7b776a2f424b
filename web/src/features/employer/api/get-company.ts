/** GET /api/employer/company: the company profile shown on the employer's public job pages, or null before the first save. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import { employerFetch } from './client'
import { employerKeys } from './keys'

export const getCompany = async (signal?: AbortSignal) =>
  (await employerFetch<ApiReply<'own_company'>>('/api/employer/company', { signal }))?.profile ?? null

export const companyQueryOptions = () => queryOptions({ queryKey: employerKeys.company(), queryFn: ({ signal }) => getCompany(signal) })

export const useCompany = () => useQuery(companyQueryOptions())
