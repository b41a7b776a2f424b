/**
 * The pipeline's stages and a job listing's statuses as the admin screens show them (the shared
 * labels and tones), when a listing went up, and the specialisations to filter by.
 */
import type { BadgeTone } from '../../../components/ui/Badge'
import { formatDate } from '../../../lib/format'
import { SPECIALISATIONS, type Specialisation } from '../../../lib/specialisations'
import { STAGE_LABELS, STAGE_TONES } from '../../../lib/stages'
import type { OpsStage } from '../types'

export { STAGE_LABELS, STAGE_TONES, SPECIALISATIONS }
export type { Specialisation }

export const stageLabel = (s: string) => STAGE_LABELS[s as OpsStage] ?? s.charAt(0).toUpperCase() + s.slice(1)
export const stageTone = (s: string): BadgeTone => STAGE_TONES[s as OpsStage] ?? 'neutral'

/** A job listing's status as the agency's screens show it: the server's `open` is "Live"; `expired` closed by the calendar. */
export type JobRowStatus = 'draft' | 'open' | 'closed' | 'expired'

export const JOB_STATUS_LABELS: Record<JobRowStatus, string> = { draft: 'Draft', open: 'Live', closed: 'Closed', expired: 'Expired' }
const JOB_STATUS_TONES: Record<JobRowStatus, BadgeTone> = { draft: 'neutral', open: 'success', closed: 'danger', expired: 'warning' }

export const jobStatusLabel = (s: string) => JOB_STATUS_LABELS[s as JobRowStatus] ?? (s ? s.charAt(0).toUpperCase() + s.slice(1) : '')
export const jobStatusTone = (s: string): BadgeTone => JOB_STATUS_TONES[s as JobRowStatus] ?? 'neutral'

/**
 * When a listing went up: "Posted 5 Jan 2026". A draft was never posted, and the server's
 * `posted_at` is when it was created, so a draft reads "Draft, created 29 Nov 2026".
 */
export function jobPostedText(job: { status: string; posted_at?: string | null }): string {
  if (!job.posted_at) return 'Not posted yet'
  return job.status === 'draft' ? `Draft, created ${formatDate(job.posted_at)}` : `Posted ${formatDate(job.posted_at)}`
}
