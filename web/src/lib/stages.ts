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

/** Where an application stands in its candidate's words (the server's `progress`). */
export type Progress = ApiSchema<'Progress'>

/**
 * The short label a candidate reads for where their application stands (the chip in their
 * portal), which the employer's applicant page repeats as "They see": one text for both.
 */
export function progressLabel(progress: Progress, interviewBooked: boolean): string {
  switch (progress) {
    case 'received':
      return 'Received'
    case 'in_review':
      return 'In review'
    case 'interview':
      return interviewBooked ? 'Interview booked' : 'Invited to interview'
    case 'offer':
      return 'Offer'
    case 'hired':
      return 'Hired'
    case 'not_progressed':
      return 'Not progressed'
  }
}

/**
 * Where rejected applicants were let go, as the server counts them per stage (in board order):
 * "New 2 · Screening 1 · Interview 1", stages with none left out; '' when there are none.
 */
export function rejectedFromText(counts: readonly { stage: Stage; count: number }[]): string {
  return counts
    .filter((c) => c.count > 0)
    .map((c) => `${STAGE_LABELS[c.stage]} ${c.count}`)
    .join(' · ')
}
