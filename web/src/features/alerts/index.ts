/**
 * Public face of the job alerts feature (issue 28): "Save this search" for the job lists, the
 * search a signed-out save carries through sign-in, and the model the portal's Alerts tab uses.
 * The tab itself (components/AlertsTab) is a route page, lazy-loaded by app/.
 */
export { SaveSearch } from './components/SaveSearch'
export { savedSearchFrom, saveSearchLanding, withSavedSearch, SAVE_SEARCH_PARAM, MANAGE_ALERTS_PATH, returnsToAlerts } from './model/intent'
export type { JobAlert } from './model/alerts'
