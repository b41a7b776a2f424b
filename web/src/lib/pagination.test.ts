import { describe, expect, it } from 'vitest'
import { hasNextPage, hasPreviousPage, pageCount, pageSlice, paginationItems, showingText } from './pagination'

describe('paginationItems (SPEC 9)', () => {
  it('shows every page when there are few', () => {
    expect(paginationItems(1, 1)).toEqual([1])
    expect(paginationItems(3, 5)).toEqual([1, 2, 3, 4, 5])
    expect(paginationItems(2, 4)).toEqual([1, 2, 3, 4])
  })

  it('follows the rule literally: a single page at distance 3 becomes an ellipsis', () => {
    expect(paginationItems(1, 5)).toEqual([1, 2, 3, 'ellipsis', 5])
  })

  it('puts an ellipsis at distance 3 after the current window', () => {
    expect(paginationItems(1, 10)).toEqual([1, 2, 3, 'ellipsis', 10])
  })

  it('puts an ellipsis at distance 3 before the current window', () => {
    expect(paginationItems(10, 10)).toEqual([1, 'ellipsis', 8, 9, 10])
  })

  it('shows first, last, two either side and both ellipses in the middle', () => {
    expect(paginationItems(6, 12)).toEqual([1, 'ellipsis', 4, 5, 6, 7, 8, 'ellipsis', 12])
  })

  it('shows no ellipsis when the distance-3 page is the first or last page', () => {
    expect(paginationItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(paginationItems(4, 8)).toEqual([1, 2, 3, 4, 5, 6, 'ellipsis', 8])
  })

  it('leaves gaps beyond distance 3 without a marker', () => {
    // pages 2 and 3 are at distance 5 and 4: hidden, no marker; page 4 is the ellipsis
    expect(paginationItems(7, 20)).toEqual([1, 'ellipsis', 5, 6, 7, 8, 9, 'ellipsis', 20])
  })

  it('Previous and Next appear only when applicable', () => {
    expect(hasPreviousPage(1)).toBe(false)
    expect(hasPreviousPage(2)).toBe(true)
    expect(hasNextPage(5, 5)).toBe(false)
    expect(hasNextPage(4, 5)).toBe(true)
  })
})

describe('pageCount and pageSlice', () => {
  it('five per page', () => {
    expect(pageCount(0, 5)).toBe(1)
    expect(pageCount(5, 5)).toBe(1)
    expect(pageCount(6, 5)).toBe(2)
    const items = Array.from({ length: 12 }, (_, i) => i + 1)
    expect(pageSlice(items, 1, 5)).toEqual([1, 2, 3, 4, 5])
    expect(pageSlice(items, 3, 5)).toEqual([11, 12])
  })
})

describe('showingText', () => {
  it('names the first and last item of the page and the total', () => {
    expect(showingText(2, 5, 24)).toBe('Showing 6-10 of 24')
    expect(showingText(5, 5, 24)).toBe('Showing 21-24 of 24')
    expect(showingText(1, 10, 3)).toBe('Showing 1-3 of 3')
  })

  it('says nothing is shown for an empty list', () => {
    expect(showingText(1, 5, 0)).toBe('Showing 0 of 0')
  })
})
