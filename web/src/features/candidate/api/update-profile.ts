/** PUT /api/candidate/profile with the full profile (SPEC 7.5). */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import type { Profile } from '../types'
import { candidateFetch } from './client'
import { profileQueryOptions } from './get-profile'

export function updateProfile(profile: Profile) {
  return candidateFetch<ApiReply<'update_profile'>>('/api/candidate/profile', { method: 'PUT', body: profile })
}

export function useUpdateProfile() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (data, sent) => {
      // the answer's profile is the editable part: the email and the resume on file stay as sent
      qc.setQueryData(profileQueryOptions().queryKey, { ...sent, ...data?.profile })
    },
  })
}
