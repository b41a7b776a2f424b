/** GET /api/admin/outbox?state=queued|sent|failed: the newest 200 mails with attempts and the last error. */
import { useQuery } from '@tanstack/react-query'
import { adminFetch, asList } from '../../admin'
import type { OutboxFilter } from '../model/outboxFilters'
import type { OutboxMail } from '../types'
import { operationsKeys } from './keys'

export async function getOutbox(f: OutboxFilter, signal?: AbortSignal): Promise<OutboxMail[]> {
  return asList<OutboxMail>(await adminFetch<unknown>(`/api/admin/outbox${f === 'all' ? '' : `?state=${f}`}`, { signal }))
}

export const useOutbox = (f: OutboxFilter) => useQuery({ queryKey: operationsKeys.outboxList(f), queryFn: ({ signal }) => getOutbox(f, signal) })
