/** Rules of saved jobs in the browser: what a saved job's status says, and the texts (issue 27). */
import type { BadgeTone } from '../../../components/ui/Badge'
import type { SavedJob } from '../types'

export const SAVED_MESSAGES = {
  saved: 'Job saved',
  savedHint: 'Find it again under Saved in Browse Jobs.',
  removed: 'Removed from your saved jobs',
  saveFailed: "We couldn't save that job. Please try again.",
  removeFailed: "We couldn't remove that job. Please try again.",
  empty: 'No saved jobs yet',
  emptyHint: 'Save a job with the bookmark on its card, and it waits here until you are ready to apply.',
  loadFailed: "We couldn't load your saved jobs. Please try again.",
} as const

export type SavedStanding = { label: string; tone: BadgeTone; open: boolean }

/** A saved job as it stands now: only an open one can be applied for. */
export function savedStanding(job: Pick<SavedJob, 'status'>): SavedStanding {
  switch (job.status) {
    case 'open':
      return { label: 'Open', tone: 'success', open: true }
    case 'expired':
      return { label: 'Closing date passed', tone: 'warning', open: false }
    default:
      return { label: 'Closed', tone: 'neutral', open: false }
  }
}

export function isSaved(list: SavedJob[] | undefined, jobId: string): boolean {
  return Boolean(list?.some((j) => j.job_id === jobId))
}

/** What the save button is called: the same words whatever it shows, so people find it. */
export function saveLabel(saved: boolean, jobTitle: string): string {
  return saved ? `Remove ${jobTitle} from saved jobs` : `Save ${jobTitle}`
}
