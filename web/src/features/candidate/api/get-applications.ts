/** GET /api/applications/my-applications (SPEC 7.3). */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Application } from '../types'
import { candidateFetch } from './client'
import { candidateKeys } from './keys'

export async function getApplications(): Promise<Application[]> {
  const data = await candidateFetch<unknown>('/api/applications/my-applications')
  return Array.isArray(data) ? (data as Application[]) : []
}

export const applicationsQueryOptions = () =>
  queryOptions({ queryKey: candidateKeys.applications(), queryFn: getApplications })

export const useApplications = () => useQuery(applicationsQueryOptions())
