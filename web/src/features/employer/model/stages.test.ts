import { describe, expect, it } from 'vitest'
import { STAGES } from '../types'
import { HIRE_NEEDS_OFFER, hiredMoves, HIRED_IS_FINAL, pipelineCard, stageMoves } from '../pipeline.fixtures'
import { activeCount, allowedTargets, canReject, emptyCounts, inTheRunning, isStage, moveRefusal } from './stages'

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

  it('offers for rejection whom the server would move there, and counts in the running only those not erased', () => {
    const WITHDREW = 'The candidate withdrew this application'
    const fresh = pipelineCard({ stage: 'screening' })
    expect([canReject(fresh), inTheRunning(fresh)]).toEqual([true, true])
    const erased = pipelineCard({ candidate_name: '[erased]', candidate_email: '[erased]' })
    expect([canReject(erased), inTheRunning(erased)]).toEqual([true, false])
    const withdrawn = pipelineCard({ withdrawn_at: '2026-11-22T00:00:00Z', moves: stageMoves('new', Object.fromEntries(STAGES.map((s) => [s, WITHDREW]))) })
    expect([canReject(withdrawn), inTheRunning(withdrawn)]).toEqual([false, false])
    // withdrawn is enough on its own, whatever the moves say
    expect(canReject({ ...fresh, withdrawn_at: '2026-11-22T00:00:00Z' })).toBe(false)
    expect(canReject(pipelineCard({ stage: 'rejected' }))).toBe(false)
    expect(canReject(pipelineCard({ stage: 'hired', moves: hiredMoves() }))).toBe(false)
  })

  it('recognises stage names and counts the active ones', () => {
    expect(isStage('offer')).toBe(true)
    expect(isStage('pending')).toBe(false)
    expect(activeCount({ ...emptyCounts(), new: 2, offer: 1, hired: 4, rejected: 3 })).toBe(3)
  })
})
