/** The hiring pipeline's stages with their labels and badge tones, shared by the employer and admin workspaces. */
import { everyOf, type ApiSchema } from '../api'
import type { BadgeTone } from '../components/ui/Badge'

/** The server's stages, in pipeline order. */
export type Stage = ApiSchema<'Stage'>
export const STAGES = everyOf<Stage>()(['new', 'screening', 'interview', 'offer', 'hired', 'rejected'])

export const STAGE_LABELS: Record<Stage, string> = {
  new: 'New',
  screening: 'Screening',
  interview: 'Interview',
  offer: 'Offer',
  hired: 'Hired',
  rejected: 'Rejected',
}

export const STAGE_TONES: Record<Stage, BadgeTone> = {
  new: 'info',
  screening: 'neutral',
  interview: 'brand',
  offer: 'warning',
  hired: 'success',
  rejected: 'danger',
}
