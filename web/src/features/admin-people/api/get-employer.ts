/**
 * GET /api/admin/employers/{id}: one employer as staff see it before a decision, the account and
 * its company profile (null until the employer saves one). 404 "Employer not found" for an
 * unknown id or an account that is not an employer's.
 */
import { useQuery } from '@tanstack/react-query'
import { adminFetch, retryServerErrors, seg } from '../../admin'
import type { EmployerRecord } from '../types'
import { peopleKeys } from './keys'

export const getEmployerRecord = (id: string, signal?: AbortSignal) => adminFetch<EmployerRecord>(`/api/admin/employers/${seg(id)}`, { signal })

export const useEmployerRecord = (id: string) =>
  useQuery({ queryKey: peopleKeys.employer(id), queryFn: ({ signal }) => getEmployerRecord(id, signal), retry: retryServerErrors })
