import { describe, expect, it } from 'vitest'
import { HIRE_NEEDS_OFFER, hiredMoves, HIRED_IS_FINAL, stageMoves } from '../pipeline.fixtures'
import { activeCount, allowedTargets, emptyCounts, isStage, moveRefusal } from './stages'

describe('pipeline stages', () => {
  it("offers the moves the server's card allows, and gives its refusal for the others", () => {
    const fresh = { stage: 'new' as const, moves: stageMoves('new', { hired: HIRE_NEEDS_OFFER }) }
    expect(allowedTargets(fresh)).toEqual(['screening', 'interview', 'offer', 'rejected'])
    expect(moveRefusal(fresh, 'hired')).toBe(HIRE_NEEDS_OFFER)
    expect(moveRefusal(fresh, 'offer')).toBeNull()
    // staying where it is is no move at all, so nothing to refuse
    expect(moveRefusal(fresh, 'new')).toBeNull()
    const hired = { stage: 'hired' as const, moves: hiredMoves() }
    expect(allowedTargets(hired)).toEqual([])
    expect(moveRefusal(hired, 'new')).toBe(HIRED_IS_FINAL)
  })

  it('recognises stage names and counts the active ones', () => {
    expect(isStage('offer')).toBe(true)
    expect(isStage('pending')).toBe(false)
    expect(activeCount({ ...emptyCounts(), new: 2, offer: 1, hired: 4, rejected: 3 })).toBe(3)
  })
})
