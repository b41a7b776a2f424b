/**
 * The signed-in admin's own two-factor sign-in (docs/API.md): GET /api/admin/two-factor →
 * {enabled, recovery_codes_left}; POST .../setup → a new secret and its QR code; POST .../confirm
 * {code} → the ten recovery codes, shown once.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TwoFactorConfirmed, TwoFactorSetup, TwoFactorStatus } from '../types'
import { adminFetch, adminPost } from './client'
import { adminKeys } from './keys'

export const getTwoFactor = (signal?: AbortSignal) => adminFetch<TwoFactorStatus>('/api/admin/two-factor', { signal })
export const startTwoFactor = () => adminPost<TwoFactorSetup>('/api/admin/two-factor/setup')
export const confirmTwoFactor = (code: string) => adminPost<TwoFactorConfirmed>('/api/admin/two-factor/confirm', { code })

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
