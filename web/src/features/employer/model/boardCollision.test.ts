import { describe, expect, it } from 'vitest'
import type { Active, ClientRect, DroppableContainer, UniqueIdentifier } from '@dnd-kit/core'
import { columnUnderPointer } from './boardCollision'

const rect = (left: number, top: number, width: number, height: number): ClientRect => ({ left, top, width, height, right: left + width, bottom: top + height })

/** Five columns 200 px wide with 10 px gaps; Hired above Rejected in the last one. */
const COLUMNS: [UniqueIdentifier, ClientRect][] = [
  ['new', rect(0, 0, 200, 600)],
  ['screening', rect(210, 0, 200, 600)],
  ['interview', rect(420, 0, 200, 600)],
  ['offer', rect(630, 0, 200, 600)],
  ['hired', rect(840, 0, 200, 290)],
  ['rejected', rect(840, 300, 200, 300)],
]

/** The card being dragged, 190 px wide, with its grip near its right-hand edge. */
function over(collisionRect: ClientRect, pointerCoordinates: { x: number; y: number } | null) {
  return columnUnderPointer({
    active: { id: 'a1' } as unknown as Active,
    collisionRect,
    droppableRects: new Map(COLUMNS),
    droppableContainers: COLUMNS.map(([id]) => ({ id }) as unknown as DroppableContainer),
    pointerCoordinates,
  }).map((c) => c.id)
}

describe('the board column a dragged card is over', () => {
  it('is the one under the pointer, even with most of the card over the column to its left', () => {
    // held by the grip at its right, the pointer just inside Screening: 170 px of the card is over New
    expect(over(rect(30, 100, 190, 80), { x: 215, y: 110 })[0]).toBe('screening')
  })

  it('tells Hired from Rejected in the shared last column by the pointer', () => {
    expect(over(rect(700, 250, 190, 80), { x: 880, y: 320 })[0]).toBe('rejected')
    expect(over(rect(700, 230, 190, 80), { x: 880, y: 280 })[0]).toBe('hired')
  })

  it('without a pointer (a keyboard drag), is the column the card overlaps most', () => {
    expect(over(rect(30, 100, 190, 80), null)[0]).toBe('new')
    expect(over(rect(400, 100, 190, 80), null)[0]).toBe('interview')
  })

  it('with the pointer in a gap between columns, falls back to the overlap', () => {
    expect(over(rect(215, 100, 190, 80), { x: 205, y: 110 })[0]).toBe('screening')
  })

  it('is none when the card is nowhere near a column', () => {
    expect(over(rect(2000, 2000, 190, 80), { x: 2100, y: 2010 })).toEqual([])
    expect(over(rect(2000, 2000, 190, 80), null)).toEqual([])
  })
})
