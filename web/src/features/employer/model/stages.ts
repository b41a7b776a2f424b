/** The pipeline's stages: labels, tones, what the candidate reads, and which moves the server allows. */
import { STAGE_LABELS, STAGE_TONES } from '../../../lib/stages'
import { STAGES, type Stage, type StageCounts } from '../types'

export { STAGE_LABELS, STAGE_TONES }

export const isStage = (value: unknown): value is Stage => typeof value === 'string' && (STAGES as readonly string[]).includes(value)

/** What the candidate sees of a stage (SPEC's three statuses). */
export function candidateStatus(stage: Stage): 'pending' | 'accepted' | 'rejected' {
  if (stage === 'new' || stage === 'screening') return 'pending'
  if (stage === 'rejected') return 'rejected'
  return 'accepted'
}

/**
 * The stages a card may move to from `from`, mirroring the server's rules so the menu and the
 * drop targets do not offer a move it would refuse: a hired applicant stays hired, and only an
 * offer leads to hired. The server still decides (a closed job, a newer version).
 */
export function allowedTargets(from: Stage): Stage[] {
  if (from === 'hired') return []
  return STAGES.filter((s) => s !== from && (s !== 'hired' || from === 'offer'))
}

export const canMove = (from: Stage, to: Stage) => allowedTargets(from).includes(to)

export const emptyCounts = (): StageCounts => ({ new: 0, screening: 0, interview: 0, offer: 0, hired: 0, rejected: 0, total: 0 })

/** The applicants still in the running: neither hired nor rejected. */
export const activeCount = (c: StageCounts) => c.new + c.screening + c.interview + c.offer
