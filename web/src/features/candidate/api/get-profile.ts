/** GET /api/candidate/profile (SPEC 7.5). */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Profile } from '../types'
import { candidateFetch } from './client'
import { candidateKeys } from './keys'

export const getProfile = () => candidateFetch<Profile>('/api/candidate/profile')

export const profileQueryOptions = () => queryOptions({ queryKey: candidateKeys.profile(), queryFn: getProfile })

export const useProfile = () => useQuery(profileQueryOptions())
