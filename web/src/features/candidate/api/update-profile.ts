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
      // The answer's profile is the editable part. The email stays as sent; the resume on file is
      // changed only by its own calls, so it stays as the cache has it (Save Profile uploads a chosen
      // resume first, after `sent` was made).
      qc.setQueryData(profileQueryOptions().queryKey, (old) => ({
        ...sent,
        ...data?.profile,
        resumeFilename: old ? old.resumeFilename : sent.resumeFilename,
        resumeOriginalName: old ? old.resumeOriginalName : sent.resumeOriginalName,
      }))
    },
  })
}
