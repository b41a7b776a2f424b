/**
 * GET /api/admin/admins, POST /api/admin/admins {name, email, password} → 201 {id},
 * DELETE /api/admin/admins/{id} (422 for yourself or the last admin).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { NewAdminForm } from '../model/forms'
import type { AdminAccount, MessageReply } from '../types'
import { adminFetch, adminPost, asList, seg } from './client'
import { adminKeys } from './keys'

export async function getAdmins(signal?: AbortSignal): Promise<AdminAccount[]> {
  return asList<AdminAccount>(await adminFetch<unknown>('/api/admin/admins', { signal }))
}

export const useAdmins = () => useQuery({ queryKey: adminKeys.admins(), queryFn: ({ signal }) => getAdmins(signal) })

export const createAdmin = (f: NewAdminForm) => adminPost<{ id: string }>('/api/admin/admins', { name: f.name.trim(), email: f.email.trim(), password: f.password })
export const removeAdmin = (id: string) => adminFetch<MessageReply>(`/api/admin/admins/${seg(id)}`, { method: 'DELETE' })

export function useCreateAdmin() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: createAdmin, onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.admins() }) })
}

export function useRemoveAdmin() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: removeAdmin, onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.admins() }) })
}
