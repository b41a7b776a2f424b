/** POST /api/employer/company/logo (multipart `logo`): a PNG or JPEG under 2 MB, content checked by the server. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import { employerFetch } from './client'
import { employerKeys } from './keys'

export function uploadLogo(file: File) {
  const form = new FormData()
  form.append('logo', file)
  return employerFetch<ApiReply<'upload_logo'>>('/api/employer/company/logo', { method: 'POST', body: form })
}

export function useUploadLogo() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: uploadLogo, onSuccess: () => qc.invalidateQueries({ queryKey: employerKeys.company() }) })
}
