/**
 * POST /api/account/erase {password}: the signed-in candidate or employer erases their own
 * account. 200 ends every session of it at once; 422 "Enter your password to confirm", 403 "That
 * password is incorrect" (429 after too many, like sign-in).
 */
import { useMutation } from '@tanstack/react-query'
import type { ApiSchema } from '../../../api'
import { bearerFetch } from '../../../lib/api'
import type { AccountRole } from './account'

/** The answer of every erase command, the admin's included. */
export type ErasureReceipt = ApiSchema<'ErasureReply'>

export const eraseAccount = ({ role, password }: { role: AccountRole; password: string }) =>
  bearerFetch<ErasureReceipt>(role, '/api/account/erase', { method: 'POST', body: { password } })

export const useEraseAccount = () => useMutation({ mutationFn: eraseAccount })
