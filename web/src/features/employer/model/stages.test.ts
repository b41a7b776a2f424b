import { describe, expect, it } from 'vitest'
import { activeCount, allowedTargets, candidateStatus, canMove, emptyCounts, isStage } from './stages'

describe('pipeline stages', () => {
  it('tells the candidate only SPEC statuses', () => {
    expect(candidateStatus('new')).toBe('pending')
    expect(candidateStatus('screening')).toBe('pending')
    expect(candidateStatus('interview')).toBe('accepted')
    expect(candidateStatus('offer')).toBe('accepted')
    expect(candidateStatus('hired')).toBe('accepted')
    expect(candidateStatus('rejected')).toBe('rejected')
  })

  it('keeps a hired applicant where they are', () => {
    expect(allowedTargets('hired')).toEqual([])
    expect(canMove('hired', 'new')).toBe(false)
  })

  it('reaches hired only from offer', () => {
    expect(canMove('interview', 'hired')).toBe(false)
    expect(canMove('offer', 'hired')).toBe(true)
    expect(allowedTargets('new')).toEqual(['screening', 'interview', 'offer', 'rejected'])
  })

  it('lets a rejected applicant come back', () => {
    expect(canMove('rejected', 'screening')).toBe(true)
  })

  it('recognises stage names and counts the active ones', () => {
    expect(isStage('offer')).toBe(true)
    expect(isStage('pending')).toBe(false)
    expect(activeCount({ ...emptyCounts(), new: 2, offer: 1, hired: 4, rejected: 3 })).toBe(3)
  })
})
