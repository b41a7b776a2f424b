/** The pipeline's stages: labels, tones, and which moves the server allows. */
import { isErased } from '../../../lib/erased'
import { STAGE_LABELS, STAGE_TONES } from '../../../lib/stages'
import { STAGES, type PipelineCard, type Stage, type StageCounts } from '../types'

export { STAGE_LABELS, STAGE_TONES }

export const isStage = (value: unknown): value is Stage => typeof value === 'string' && (STAGES as readonly string[]).includes(value)

type Moves = Pick<PipelineCard, 'moves'>

/**
 * The stages the server says this card may move to now (its `moves` without a refusal), so the
 * menu and the drop targets offer no move it would refuse. The web keeps no copy of the rules:
 * the server still decides (a newer version, a job closed since).
 */
export const allowedTargets = (card: Moves): Stage[] => card.moves.filter((m) => m.refused == null).map((m) => m.to)

/** Why the server would refuse moving this card to `to`, in its own words; null when it allows it. */
export const moveRefusal = (card: Moves & Pick<PipelineCard, 'stage'>, to: Stage): string | null =>
  to === card.stage ? null : (card.moves.find((m) => m.to === to)?.refused ?? null)

/**
 * Whether the list offers this applicant to be chosen for rejection: the server would move them to
 * Rejected (so not already rejected, not hired) and they have not withdrawn (nobody moves a
 * withdrawn application). An erased applicant still can be, one at a time, to tidy them away.
 */
export const canReject = (card: Moves & Pick<PipelineCard, 'withdrawn_at'>): boolean => !card.withdrawn_at && allowedTargets(card).includes('rejected')

/**
 * Still in the running, as the list's "Choose all" means it: one it could reject, whose personal
 * data was not erased (the board says an erased applicant is no longer in the running, and there
 * is no one to email).
 */
export const inTheRunning = (card: Moves & Pick<PipelineCard, 'withdrawn_at' | 'candidate_name'>): boolean => canReject(card) && !isErased(card.candidate_name)

export const emptyCounts = (): StageCounts => ({ new: 0, screening: 0, interview: 0, offer: 0, hired: 0, rejected: 0, total: 0 })

/** The applicants still in the running: neither hired nor rejected. */
export const activeCount = (c: StageCounts) => c.new + c.screening + c.interview + c.offer
