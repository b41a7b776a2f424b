/** PUT /api/employer/company: name, website, about and location; later listings carry the name. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import type { CompanyBody } from '../types'
import { employerFetch } from './client'
import { employerKeys } from './keys'

export const updateCompany = (body: CompanyBody) => employerFetch<ApiReply<'update_company'>>('/api/employer/company', { method: 'PUT', body })

export function useUpdateCompany() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: updateCompany, onSuccess: () => qc.invalidateQueries({ queryKey: employerKeys.company() }) })
}
