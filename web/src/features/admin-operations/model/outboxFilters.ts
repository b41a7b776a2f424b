/** The one-choice filter of the outbox, read from and written to the address bar. */
import { MAIL_STATES, type MailState } from '../types'

export type OutboxFilter = MailState | 'all'
export const OUTBOX_FILTERS: { id: OutboxFilter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'failed', label: 'Failed' },
  { id: 'queued', label: 'Queued' },
  { id: 'sent', label: 'Sent' },
]

/** ?state=failed|queued|sent; all when missing or unknown. */
export function outboxFilterFromParams(params: URLSearchParams): OutboxFilter {
  const s = params.get('state') ?? ''
  return (MAIL_STATES as readonly string[]).includes(s) ? (s as MailState) : 'all'
}
export function outboxFilterToParams(f: OutboxFilter): URLSearchParams {
  return new URLSearchParams(f === 'all' ? {} : { state: f })
}
