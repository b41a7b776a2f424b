/**
 * The signed-in admin's own two-factor sign-in (docs/API.md, issue 26): GET /api/admin/two-factor →
 * {enabled, recovery_codes_left}; POST .../setup {password} → a new secret and its QR code (403
 * `That password is incorrect`, 422 `Enter your password to confirm`); POST .../confirm {code} →
 * the recovery codes, shown once, and a new token (every other session of the account ends, and
 * this one's old token is no good for anything sensitive: the new one is stored at once); POST
 * .../disable {code} → off, and a new token (every token issued before it ends; a step-up action). Another admin's: POST
 * /api/admin/admins/{id}/two-factor/reset (a step-up action) → they set it up again at their next
 * sign-in.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { replaceSessionToken, swappingToken } from '../../../lib/session'
import type { MessageReply, TwoFactorConfirmed, TwoFactorSetup, TwoFactorStatus } from '../types'
import { adminFetch, adminPost, seg } from './client'
import { adminKeys } from './keys'

/** A reply that carries this session's new token: stored in place of the old one. */
function keepToken<T extends { token?: string }>(reply: T): T {
  if (typeof reply?.token === 'string') replaceSessionToken('admin', reply.token)
  return reply
}

export const getTwoFactor = (signal?: AbortSignal) => adminFetch<TwoFactorStatus>('/api/admin/two-factor', { signal })
export const startTwoFactor = (password: string) => adminPost<TwoFactorSetup>('/api/admin/two-factor/setup', { password })
// both end the old token on the server before the new one is stored: a 401 meanwhile waits for it
export const confirmTwoFactor = (code: string) =>
  swappingToken('admin', async () => keepToken(await adminPost<TwoFactorConfirmed>('/api/admin/two-factor/confirm', { code })))
export const disableTwoFactor = (code: string) =>
  swappingToken('admin', async () => keepToken(await adminPost<MessageReply & { token?: string }>('/api/admin/two-factor/disable', { code })))
export const resetAdminTwoFactor = (id: string) => adminPost<MessageReply>(`/api/admin/admins/${seg(id)}/two-factor/reset`)

export const useTwoFactor = () => useQuery({ queryKey: adminKeys.twoFactor(), queryFn: ({ signal }) => getTwoFactor(signal) })

export function useStartTwoFactor() {
  const qc = useQueryClient()
  // "already on" means this screen was out of date: read the status again
  return useMutation({ mutationFn: startTwoFactor, onError: () => qc.invalidateQueries({ queryKey: adminKeys.twoFactor() }) })
}

export function useConfirmTwoFactor() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: confirmTwoFactor, onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.twoFactor() }) })
}

/**
 * Turning it off: every admin query is read again, so where the server now holds the workspace
 * back until it is set up again (two-factor is mandatory), the first refusal raises the gate.
 */
export function useDisableTwoFactor() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: disableTwoFactor, onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }) })
}

export function useResetAdminTwoFactor() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: resetAdminTwoFactor, onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.admins() }) })
}
