/** PUT /api/candidate/profile with the full profile (SPEC 7.5). */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Profile } from '../types'
import { candidateFetch } from './client'
import { profileQueryOptions } from './get-profile'

export function updateProfile(profile: Profile) {
  return candidateFetch<{ profile?: Profile; message?: string }>('/api/candidate/profile', { method: 'PUT', body: profile })
}

export function useUpdateProfile() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (data, sent) => {
      qc.setQueryData(profileQueryOptions().queryKey, data?.profile ?? sent)
    },
  })
}
