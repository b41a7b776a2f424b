/**
 * Next and previous applicant, as a hiring manager works through a job's applicants: in the order
 * the view they came from shows them (the board column by column, the list as filtered and sorted),
 * held fixed while they work (a move does not reshuffle where "Next" goes), and the J / K shortcuts.
 */
import { STAGES, type PipelineCard, type PipelineFilter } from '../types'
import { readListFilter, type PipelineView } from './pipelineParams'

export type { PipelineView } from './pipelineParams'

/** Where the manager opened the applicant from: the pipeline's view and, for the list, its filter. */
export type CameFrom = { view: PipelineView; filter: PipelineFilter }

/** What an applicant page keeps in its history entry: where it was opened from, and the order to walk. */
export type ApplicantNavState = { from: CameFrom; order: string[] | null }

const BOARD: CameFrom = { view: 'board', filter: {} }

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null

/** The state a link or a Next press left, read defensively (history state outlives a deploy). */
export function readNavState(state: unknown): ApplicantNavState {
  const from = isRecord(state) && isRecord(state.from) ? state.from : null
  const view: PipelineView = from?.view === 'list' ? 'list' : 'board'
  const saved = from && isRecord(from.filter) ? from.filter : {}
  // the list's filter is read as the address is, so an old or odd one cannot reach the server
  const filter: PipelineFilter = view === 'list' ? readListFilter((key) => saved[key]) : {}
  const order = isRecord(state) && Array.isArray(state.order) && state.order.every((id) => typeof id === 'string') ? (state.order as string[]) : null
  return { from: from ? { view, filter } : BOARD, order }
}

/** The order a pipeline view shows its cards in: the board stage by stage, the list as the server sorted it. */
export function pipelineOrder(cards: PipelineCard[], view: PipelineView): string[] {
  if (view === 'list') return cards.map((c) => c.id)
  return STAGES.flatMap((stage) => cards.filter((c) => c.stage === stage).map((c) => c.id))
}

export type Position = { index: number; total: number; previous: string | null; next: string | null }

/** Where `id` stands in `order`, with its neighbours; null when it is not there. */
export function positionIn(order: readonly string[], id: string): Position | null {
  const index = order.indexOf(id)
  if (index < 0) return null
  return { index, total: order.length, previous: order[index - 1] ?? null, next: order[index + 1] ?? null }
}

/** "3 of 15". */
export const positionText = (p: Position) => `${p.index + 1} of ${p.total}`

export type Shortcut = 'next' | 'previous'

/** The keys, as the page lists them. */
export const SHORTCUT_KEYS: Record<Shortcut, string> = { next: 'J', previous: 'K' }

type KeyPress = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey' | 'defaultPrevented'> & { target: EventTarget | null }

/** Somewhere the key is typing or choosing, not a command: a field, an editable area, an open dialog or menu. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false
  if (target instanceof HTMLElement && target.isContentEditable) return true
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return true
  return !!target.closest('[role="dialog"], [role="menu"], [role="listbox"], .emp-move-list')
}

/** The shortcut a key press means (J next, K previous), or null: never while typing, nor with Ctrl, Alt or Cmd held. */
export function shortcutFor(e: KeyPress): Shortcut | null {
  if (e.defaultPrevented || e.ctrlKey || e.altKey || e.metaKey) return null
  if (isTypingTarget(e.target)) return null
  const key = e.key.toLowerCase()
  if (key === 'j') return 'next'
  if (key === 'k') return 'previous'
  return null
}
