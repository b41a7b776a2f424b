/** Where a data export has got to, and how a screen says it. */
import { formatFileSize } from '../../../lib/format'

export type ExportState =
  | { phase: 'idle' }
  | { phase: 'preparing' }
  | { phase: 'downloading'; received: number; total: number | null }
  | { phase: 'saved'; filename: string }
  | { phase: 'failed'; message: string }

export const EXPORT_FAILED = 'We couldn’t prepare the download just now. Please try again in a few minutes.'

/** The name the server normally gives (Content-Disposition), for when it gives none. */
export function exportFileName(now: Date): string {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
  return `harbour-it-data-${date}.zip`
}

/** One line for a status region; empty when there is nothing to say. */
export function exportStatusText(state: ExportState): string {
  switch (state.phase) {
    case 'preparing':
      return 'Gathering the data…'
    case 'downloading':
      if (state.received <= 0) return 'Downloading…'
      return state.total ? `Downloading… ${formatFileSize(state.received)} of ${formatFileSize(state.total)}` : `Downloading… ${formatFileSize(state.received)} so far`
    case 'saved':
      return `Downloaded as ${state.filename}. You’ll find it in your browser’s downloads.`
    case 'failed':
      return state.message
    default:
      return ''
  }
}
