/**
 * Where an application stands, in the candidate's words (issue 27): since the eighth round of the
 * journeys the card's only badge, in place of SPEC 3's status (pending, accepted, rejected), which
 * stays in the API and the three counts. The server says it as `progress`.
 */
import type { Application } from '../types'
import { progressLabel } from '../../../lib/stages'
import { interviewState } from './interviews'

export type Standing = {
  /** a short label for the chip: "Interview booked" */
  label: string
  /** one plain sentence on what it means for the candidate */
  detail: string
  tone: 'info' | 'brand' | 'warning' | 'success' | 'neutral'
}

export function standingOf(app: Pick<Application, 'progress' | 'interviews'>, now: Date = new Date()): Standing {
  const booked = app.interviews.some((i) => interviewState(i, now) === 'upcoming')
  const label = progressLabel(app.progress, booked)
  switch (app.progress) {
    case 'received':
      return { label, detail: 'The hiring team has your application and will look at it soon.', tone: 'info' }
    case 'in_review':
      return { label, detail: 'The hiring team is reviewing your application.', tone: 'info' }
    case 'interview':
      return booked
        ? { label, detail: 'Your interview is booked: the time and place are below.', tone: 'brand' }
        : { label, detail: "The hiring team would like to interview you. We'll let you know when a time is booked.", tone: 'brand' }
    case 'offer':
      return { label, detail: 'The hiring team is preparing an offer for you. They will be in touch with the details.', tone: 'success' }
    case 'hired':
      return { label, detail: 'Congratulations! The employer will be in touch about your start.', tone: 'success' }
    case 'not_progressed':
      return { label, detail: "This application won't go further this time. Thank you for applying.", tone: 'neutral' }
  }
}
