/**
 * A job's applicants page in the address bar: ?view=list and the list's filter
 * (&stage=&q=&from=&to=&sort=, the same words the pipeline endpoint takes), so Back from an
 * applicant, a reload or a bookmark finds the same view. A value the page does not know (a link
 * edited by hand, or from before a change) reads as its default instead of reaching the server.
 */
import { validDay } from '../../../lib/days'
import { STAGES, type PipelineFilter, type PipelineSort, type Stage } from '../types'
import { pipelineQuery } from './pipelineQuery'

export type PipelineView = 'board' | 'list'

/** The list's filter with every part set: what the page shows and keys its query by. */
export type ListFilter = Required<PipelineFilter>

export const PIPELINE_SORT_LABELS: Record<PipelineSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name A to Z',
  updated: 'Recently updated',
}

const SORTS = Object.keys(PIPELINE_SORT_LABELS) as PipelineSort[]

/** The list as it first opens: every stage, anyone, any day, newest first. */
export const EMPTY_LIST_FILTER: ListFilter = { stage: '', q: '', from: '', to: '', sort: 'newest' }

const oneOf = <T extends string>(choices: readonly T[], value: string): T | undefined => choices.find((c) => c === value)

export const pipelineViewFromParams = (params: URLSearchParams): PipelineView => (params.get('view') === 'list' ? 'list' : 'board')

/**
 * The list's filter from any source of values by name: the address, or the history state an
 * applicant page was opened with. Anything that is not a known value of its part is left out.
 */
export function readListFilter(get: (key: keyof PipelineFilter) => unknown): ListFilter {
  const text = (key: keyof PipelineFilter) => {
    const value = get(key)
    return typeof value === 'string' ? value.trim() : ''
  }
  return {
    stage: oneOf<Stage>(STAGES, text('stage')) ?? '',
    q: text('q'),
    from: validDay(text('from')),
    to: validDay(text('to')),
    sort: oneOf(SORTS, text('sort')) ?? 'newest',
  }
}

export const listFilterFromParams = (params: URLSearchParams): ListFilter => readListFilter((key) => params.get(key))

/**
 * The address's query for a view: the board's is empty (it shows every applicant, so it keeps no
 * filter); the list's names only the parts that differ from the defaults, always in the same order,
 * so the same view always has the same address.
 */
export function pipelineParams(view: PipelineView, filter: PipelineFilter = {}): URLSearchParams {
  const params = new URLSearchParams()
  if (view === 'board') return params
  params.set('view', 'list')
  for (const [key, value] of new URLSearchParams(pipelineQuery(filter))) params.set(key, value)
  return params
}

/** The path of a job's applicants in a view, as a link back to it. */
export function pipelinePath(jobId: string, view: PipelineView, filter: PipelineFilter = {}): string {
  const query = pipelineParams(view, filter).toString()
  return `/dashboard/jobs/${jobId}${query ? `?${query}` : ''}`
}
