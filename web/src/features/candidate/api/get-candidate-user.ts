/** GET /api/auth/candidate/profile: the signed-in candidate, for the greeting (SPEC 7.1). */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CandidateUser } from '../types'
import { candidateFetch } from './client'
import { candidateKeys } from './keys'

export const USER_LOAD_FAILED = 'Failed to fetch user data'

export async function getCandidateUser(): Promise<CandidateUser> {
  try {
    return await candidateFetch<CandidateUser>('/api/auth/candidate/profile')
  } catch (err) {
    console.error(USER_LOAD_FAILED, err)
    throw new Error(USER_LOAD_FAILED, { cause: err })
  }
}

export const candidateUserQueryOptions = () =>
  queryOptions({ queryKey: candidateKeys.user(), queryFn: getCandidateUser })

export const useCandidateUser = () => useQuery(candidateUserQueryOptions())
