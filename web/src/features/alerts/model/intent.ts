/**
 * "Save this search after signing in": the board's search a signed-out "Save this search" carries
 * through the candidate's sign-in (and sign-up) back to the public board, where the save dialog
 * opens. Like Apply Now's job (apply-intent), only the search travels, never an address: the login
 * gets `?save_search=<the search's own query string>`, which is read back through the board's own
 * rules (readJobSearch: known parameters only, each cut to length, an unknown specialisation or sort
 * dropped) and written again, so the parameter can only ever lead to /jobs/find with a search.
 */
import { RETURN_PARAM } from '../../../lib/return-to'
import { EMPTY_JOB_SEARCH, readJobSearch, writeJobSearch, type JobSearch } from '../../jobs'

export const SAVE_SEARCH_PARAM = 'save_search'
/** On the board's address after signing in: open the save dialog once. */
export const SAVE_DIALOG_PARAM = 'alert'
export const PUBLIC_BOARD_PATH = '/jobs/find'

/** The criteria of `search` as a query string (the sort and page are not part of what was looked for). */
export function searchQuery(search: JobSearch): string {
  return writeJobSearch(new URLSearchParams(), { ...search, sort: 'newest', page: 1 }).toString()
}

/** The search a query string (`?save_search=...`) carries, or null when there is none. An empty
 *  search still counts (the dialog then says what to add), so "Save this search" never loses the
 *  person's way back. */
export function savedSearchFrom(search: string | URLSearchParams): JobSearch | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search
  const raw = params.get(SAVE_SEARCH_PARAM)
  if (raw === null) return null
  const read = readJobSearch(new URLSearchParams(raw.slice(0, 1000)))
  return { ...read, sort: EMPTY_JOB_SEARCH.sort, page: 1 }
}

/** `path` with the search to save, when there is one. */
export function withSavedSearch(path: string, search: JobSearch | null): string {
  return search ? `${path}?${new URLSearchParams({ [SAVE_SEARCH_PARAM]: searchQuery(search) }).toString()}` : path
}

/** Where signing in lands with a search to save: the public board, that search, the dialog open. */
export function saveSearchLanding(search: JobSearch): string {
  const q = searchQuery(search)
  return `${PUBLIC_BOARD_PATH}?${q ? `${q}&` : ''}${SAVE_DIALOG_PARAM}=new`
}

/** Whether the board's address asks for the save dialog (after signing in). */
export const wantsSaveDialog = (params: URLSearchParams) => params.get(SAVE_DIALOG_PARAM) === 'new'

/**
 * "Sign in to manage your alerts": the alert mail's unsubscribe page (served by the API, outside the
 * app) links to the login with `?to=alerts`, which signing in reads as the Job Alerts tab. Mail
 * already sent keeps that link, so the name stays beside the paths `to` otherwise carries
 * (lib/return-to); any other word is read as a path there.
 */
/** The portal's Job Alerts tab. */
export const MANAGE_ALERTS_PATH = '/candidate/dashboard/alerts'

/** Whether a query string asks to come back to the Job Alerts tab after signing in. */
export const returnsToAlerts = (search: string | URLSearchParams) =>
  (typeof search === 'string' ? new URLSearchParams(search) : search).get(RETURN_PARAM) === 'alerts'
