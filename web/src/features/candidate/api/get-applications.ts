/** GET /api/applications/my-applications (SPEC 7.3). */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useCallback } from 'react'
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

/**
 * The signed-in candidate's application for one job, or null when they have none: read from the
 * same cached list as My Applications, so a public job page and the portal ask the server once
 * between them. Signed out (`signedIn` false) nothing is fetched; while the list loads, or when
 * it cannot be had, `data` is undefined.
 */
export function useApplicationForJob(jobId: string, signedIn: boolean) {
  const id = jobId.toLowerCase()
  const select = useCallback((apps: Application[]) => apps.find((a) => String(a.job_id).toLowerCase() === id) ?? null, [id])
  return useQuery({ ...applicationsQueryOptions(), enabled: signedIn, select })
}
