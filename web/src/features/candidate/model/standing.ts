/**
 * Where an application stands, in the candidate's words (issue 27), shown beside SPEC 3's status
 * (pending, accepted, rejected), which stays as it is. The server sends `progress`; an answer
 * without it (an older server) falls back to what the status alone can say.
 */
import type { Application } from '../types'
import { interviewState } from './interviews'

export const PROGRESS_VALUES = ['received', 'in_review', 'interview', 'offer', 'hired', 'not_progressed'] as const
export type Progress = (typeof PROGRESS_VALUES)[number]

export type Standing = {
  /** a short label for the chip: "Interview booked" */
  label: string
  /** one plain sentence on what it means for the candidate */
  detail: string
  tone: 'info' | 'brand' | 'warning' | 'success' | 'neutral'
}

const FROM_STATUS: Record<string, Progress> = { pending: 'in_review', rejected: 'not_progressed' }

/** The server's progress, or what the status alone says ('going_further' for accepted: it cannot tell which step). */
function progressOf(app: Pick<Application, 'status' | 'progress'>): Progress | 'going_further' | null {
  if (app.progress && (PROGRESS_VALUES as readonly string[]).includes(app.progress)) return app.progress as Progress
  const status = app.status?.toLowerCase() ?? ''
  return FROM_STATUS[status] ?? (status === 'accepted' ? 'going_further' : null)
}

export function standingOf(app: Pick<Application, 'status' | 'progress' | 'interviews'>, now: Date = new Date()): Standing {
  switch (progressOf(app)) {
    case 'received':
      return { label: 'Received', detail: 'The hiring team has your application and will look at it soon.', tone: 'info' }
    case 'in_review':
      return { label: 'In review', detail: 'The hiring team is reviewing your application.', tone: 'info' }
    case 'interview': {
      const booked = (app.interviews ?? []).some((i) => interviewState(i, now) === 'upcoming')
      return booked
        ? { label: 'Interview booked', detail: 'Your interview is booked: the time and place are below.', tone: 'brand' }
        : { label: 'Invited to interview', detail: "The hiring team would like to interview you. We'll let you know when a time is booked.", tone: 'brand' }
    }
    case 'offer':
      return { label: 'Offer', detail: 'The hiring team is preparing an offer for you. They will be in touch with the details.', tone: 'success' }
    case 'hired':
      return { label: 'Hired', detail: 'Congratulations! The employer will be in touch about your start.', tone: 'success' }
    case 'not_progressed':
      return { label: 'Not progressed', detail: "This application won't go further this time. Thank you for applying.", tone: 'neutral' }
    case 'going_further':
      return { label: 'Going further', detail: 'The hiring team is taking your application further.', tone: 'brand' }
    default:
      return { label: 'Received', detail: 'The hiring team has your application.', tone: 'info' }
  }
}
