/**
 * The data the server put into the page's HTML (api/src/first_paint.rs): what the page would
 * otherwise fetch before it can paint (the job board, one job, the home page's latest jobs), as
 * `<script type="application/json" id="initial-data">{"queries":[{"key":[...],"data":...}]}`.
 * QueryRoot seeds the react-query cache with it; LatestJobs (no react-query on the home page)
 * reads its entry directly. Read once; an entry is as fresh as the moment the page loaded.
 */
export type InitialEntry = { key: readonly unknown[]; data: unknown }

export const INITIAL_DATA_ID = 'initial-data'

let entries: InitialEntry[] | null = null
/** When the HTML was read: what the seeded entries' age counts from. */
let readAt = 0

export function initialEntries(): readonly InitialEntry[] {
  if (entries) return entries
  entries = []
  readAt = Date.now()
  const element = typeof document === 'undefined' ? null : document.getElementById(INITIAL_DATA_ID)
  if (!element?.textContent) return entries
  try {
    const parsed = JSON.parse(element.textContent) as { queries?: unknown }
    if (Array.isArray(parsed.queries)) {
      entries = parsed.queries.filter(
        (q): q is InitialEntry => typeof q === 'object' && q !== null && Array.isArray((q as InitialEntry).key),
      )
    }
  } catch (cause) {
    console.error('Unreadable initial data', cause)
  }
  return entries
}

export function initialDataReadAt(): number {
  initialEntries()
  return readAt
}

const sameKey = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((part, i) => part === b[i])

/** How long embedded data stands in for a fetch (react-query's staleTime in QueryRoot). */
export const INITIAL_DATA_FRESH_MS = 30_000

/** The embedded data for `key` while it is fresh; later the caller fetches afresh. */
export function initialData<T>(key: readonly unknown[], now = Date.now()): T | undefined {
  const entry = initialEntries().find((e) => sameKey(e.key, key))
  if (!entry || now - readAt > INITIAL_DATA_FRESH_MS) return undefined
  return entry.data as T
}

/** Test hook: forget what was read, so the next call reads the document again. */
export function resetInitialData() {
  entries = null
}
