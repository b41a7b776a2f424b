/** The pipeline's stages: labels, tones, and which moves the server allows. */
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

export const emptyCounts = (): StageCounts => ({ new: 0, screening: 0, interview: 0, offer: 0, hired: 0, rejected: 0, total: 0 })

/** The applicants still in the running: neither hired nor rejected. */
export const activeCount = (c: StageCounts) => c.new + c.screening + c.interview + c.offer
