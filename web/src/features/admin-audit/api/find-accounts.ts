/**
 * GET /api/admin/accounts?q=: accounts of any role by name, email, company or id, for the audit
 * trail's "Who did it". The id's own account comes first, so the same call names the account a
 * filter in the address already holds; an exact email comes next, so the outbox finds the account
 * a failed mail was sent to.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { adminFetch, asList, withQuery } from '../../admin'
import type { AccountMatch } from '../types'
import { auditKeys } from './keys'

/** Fewer letters than this find too many people to be worth a request. */
export const LOOKUP_MIN = 2

export const findAccounts = (q: string, signal?: AbortSignal) =>
  adminFetch<unknown>(withQuery('/api/admin/accounts', { q }), { signal }).then((data) => asList<AccountMatch>(data))

/** Matches for what is typed; nothing is asked until it has LOOKUP_MIN letters. */
export const useAccountLookup = (q: string) =>
  useQuery({
    queryKey: auditKeys.accounts(q),
    queryFn: ({ signal }) => findAccounts(q, signal),
    enabled: q.length >= LOOKUP_MIN,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })

/** The account an id names, or undefined while it loads (null: no such account). */
export function useAccountNamed(id: string) {
  const found = useQuery({ queryKey: auditKeys.accounts(id), queryFn: ({ signal }) => findAccounts(id, signal), enabled: id !== '', staleTime: 60_000 })
  if (!found.data) return undefined
  return found.data.find((a) => a.id === id) ?? null
}

/** The account whose email is exactly this one (any case), or undefined while it loads or when the lookup fails (null: none). */
export function useAccountWithEmail(email: string) {
  const q = email.trim()
  const found = useQuery({ queryKey: auditKeys.accounts(q), queryFn: ({ signal }) => findAccounts(q, signal), enabled: q.includes('@'), staleTime: 60_000 })
  if (!found.data) return undefined
  return found.data.find((a) => a.email.toLowerCase() === q.toLowerCase()) ?? null
}
