/** How much of a job's description a card shows before See More / Read More (SPEC 9: 150 characters). */
import type { Job } from '../types'

export const DESCRIPTION_PREVIEW_LENGTH = 150

/** The first 150 characters of a description, with an ellipsis when cut. */
export function descriptionPreview(text: string): string {
  if (text.length <= DESCRIPTION_PREVIEW_LENGTH) return text
  return `${text.slice(0, DESCRIPTION_PREVIEW_LENGTH).trimEnd()}…`
}

/** Whether expanding a card shows more: a description past the preview, or any responsibilities or requirements. */
export function hasHiddenDetails(job: Pick<Job, 'description' | 'responsibilities' | 'requirements'>): boolean {
  return (job.description ?? '').length > DESCRIPTION_PREVIEW_LENGTH || Boolean(job.responsibilities?.length || job.requirements?.length)
}
