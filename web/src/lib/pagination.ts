/** SPEC 9 pagination: which page buttons a paginated list shows, as pure functions. */

/** A page number to render as a button, or a gap marker. */
export type PageItem = number | 'ellipsis'

/**
 * First and last page always; every page within 2 of the current one; an
 * ellipsis at exactly distance 3 (only when that page is not first or last).
 */
export function paginationItems(current: number, total: number): PageItem[] {
  const items: PageItem[] = []
  for (let page = 1; page <= total; page++) {
    const distance = Math.abs(page - current)
    if (page === 1 || page === total || distance <= 2) items.push(page)
    else if (distance === 3) items.push('ellipsis')
  }
  return items
}

export function pageCount(itemCount: number, perPage: number): number {
  return Math.max(1, Math.ceil(itemCount / perPage))
}

/** The items of a 1-based page. */
export function pageSlice<T>(items: readonly T[], page: number, perPage: number): T[] {
  const start = (page - 1) * perPage
  return items.slice(start, start + perPage)
}

export const hasPreviousPage = (current: number) => current > 1
export const hasNextPage = (current: number, total: number) => current < total

/** "Showing 6-10 of 24": the 1-based positions of the first and last item on a page. */
export function showingText(page: number, perPage: number, total: number): string {
  if (total === 0) return 'Showing 0 of 0'
  const first = (page - 1) * perPage + 1
  const last = Math.min(page * perPage, total)
  return `Showing ${first}-${last} of ${total}`
}
