/** The hiring pipeline's stages with their labels and badge tones, shared by the employer and admin workspaces. */
import type { BadgeTone } from '../components/ui/Badge'

export const STAGES = ['new', 'screening', 'interview', 'offer', 'hired', 'rejected'] as const
export type Stage = (typeof STAGES)[number]

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
