/**
 * "Back to all jobs" returns to the search the person came from. The board's job links carry that
 * search in the router's history state (not in the job page's address, so shared links stay clean),
 * and the job page reads it back. State can hold anything, so only a path to the board itself is
 * taken; anything else, or nothing, means the plain board.
 */

export const JOB_BOARD_PATH = '/jobs/find'

/** What a job link off the board carries: the board's address as it stands. */
export type BoardReturnState = { fromSearch: string }

export function boardReturnState(location: { pathname: string; search: string }): BoardReturnState {
  return { fromSearch: `${location.pathname}${location.search}` }
}

/** The board address to go back to: the carried one when it is the board (with any query), else the plain board. */
export function boardReturnPath(state: unknown): string {
  const from = typeof state === 'object' && state !== null ? (state as Partial<BoardReturnState>).fromSearch : undefined
  if (typeof from !== 'string') return JOB_BOARD_PATH
  return from === JOB_BOARD_PATH || from.startsWith(`${JOB_BOARD_PATH}?`) ? from : JOB_BOARD_PATH
}

/** Whether the way back keeps a search (filters, sort or page), not just the plain board. */
export function returnsToSearch(path: string): boolean {
  return path.length > `${JOB_BOARD_PATH}?`.length && path.startsWith(`${JOB_BOARD_PATH}?`)
}
