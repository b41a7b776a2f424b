/**
 * Which board column a dragged card is over. A pointer drag goes to the column under the pointer,
 * wherever the rest of the card hangs (the card is held by its grip, at its right-hand edge, so
 * most of it can be over the column to the left). A keyboard drag has no pointer, and a pointer
 * in the gap between two columns is over none: then the column the card overlaps most.
 */
import { pointerWithin, rectIntersection, type CollisionDetection } from '@dnd-kit/core'

export const columnUnderPointer: CollisionDetection = (args) => {
  const underPointer = pointerWithin(args)
  return underPointer.length > 0 ? underPointer : rectIntersection(args)
}
