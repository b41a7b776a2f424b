/**
 * What travels with a person through the sign-in and sign-up pages, and where signing in takes them.
 *
 * A candidate arrives with at most one destination, read from the page's address:
 * - a job to apply for or save (`?apply=` / `?save=`, lib/apply-intent), which opens its dialog
 *   (or saves it) on Browse Jobs;
 * - a search to save as a job alert (`?save_search=`, the alerts feature), back on the public board;
 * - a page of the portal to come back to (`?to=`, lib/return-to), e.g. My Applications opened from
 *   a bookmark; `?to=alerts`, the alert mail's unsubscribe page's link, is the Job Alerts tab.
 * The first of these that is there wins. The sign-in and sign-up pages pass it on to each other.
 * (A new account's email rides along in router state instead: registeredEmail.ts.)
 */
import { jobIntent, PORTAL_JOBS_PATH, withJobIntent, type JobIntent } from '../../lib/apply-intent'
import { returnPath, SIGNED_IN_HOME, withReturnPath } from '../../lib/return-to'
import { MANAGE_ALERTS_PATH, returnsToAlerts, savedSearchFrom, saveSearchLanding, withSavedSearch } from '../alerts'
import type { JobSearch } from '../jobs'

export type CandidateDestination =
  | { kind: 'job'; intent: JobIntent }
  | { kind: 'search'; search: JobSearch }
  | { kind: 'page'; path: string }

/** Where the sign-in (or sign-up) page's address says the candidate was going, or null for nowhere in particular. */
export function candidateDestination(params: URLSearchParams): CandidateDestination | null {
  const intent = jobIntent(params)
  if (intent) return { kind: 'job', intent }
  const search = savedSearchFrom(params)
  if (search) return { kind: 'search', search }
  const path = returnsToAlerts(params) ? MANAGE_ALERTS_PATH : returnPath('candidate', params)
  return path ? { kind: 'page', path } : null
}

/** `path` (the sign-in or sign-up page) carrying `destination` on. */
export function withCandidateDestination(path: string, destination: CandidateDestination | null): string {
  switch (destination?.kind) {
    case 'job':
      return withJobIntent(path, destination.intent)
    case 'search':
      return withSavedSearch(path, destination.search)
    case 'page':
      return withReturnPath(path, 'candidate', destination.path)
    default:
      return path
  }
}

/** Where signing in takes the candidate. */
export function candidateLanding(destination: CandidateDestination | null): string {
  switch (destination?.kind) {
    case 'job':
      return withJobIntent(PORTAL_JOBS_PATH, destination.intent)
    case 'search':
      return saveSearchLanding(destination.search)
    case 'page':
      return destination.path
    default:
      return SIGNED_IN_HOME.candidate
  }
}
