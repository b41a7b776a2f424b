/** The one-choice filter of the inbox and the candidates search, read from and written to the address bar. */
export type InboxFilter = 'open' | 'handled' | 'all'
export const INBOX_FILTERS: { id: InboxFilter; label: string }[] = [
  { id: 'open', label: 'Open' },
  { id: 'handled', label: 'Handled' },
  { id: 'all', label: 'All' },
]

/** ?status=handled|all; open when missing or unknown (what needs doing comes first). */
export function inboxFilterFromParams(params: URLSearchParams): InboxFilter {
  const s = params.get('status')
  return s === 'handled' || s === 'all' ? s : 'open'
}
export function inboxFilterToParams(f: InboxFilter): URLSearchParams {
  return new URLSearchParams(f === 'open' ? {} : { status: f })
}
/** The server's status parameter: none for "all". */
export const inboxStatusQuery = (f: InboxFilter) => (f === 'all' ? '' : f)

/** The candidates search: ?q=, trimmed, at most 100 characters (what the server reads). */
export const candidateQueryFromParams = (params: URLSearchParams) => (params.get('q') ?? '').trim().slice(0, 100)
export const candidateQueryToParams = (q: string) => new URLSearchParams(q.trim() ? { q: q.trim() } : {})
