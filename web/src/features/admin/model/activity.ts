/** One recent event as a sentence a recruiter can read: who did what, to which record. */
import type { AuditEvent } from '../types'
import { ERASED_TEXT, isErased } from '../../../lib/erased'
import { actorLabel, eventSummary, humaniseType, kindLabel, streamKind } from './auditEvent'

export type ActivityLine = {
  /** "Employer approved" */
  what: string
  /** "Alex Admin (Admin)" */
  who: string
  /** "Wattle Analytics · pending → active", or '' */
  detail: string
  /** "Account" */
  record: string
  /** the whole line, for a screen reader or a test: "Alex Admin (Admin): Employer approved, Wattle Analytics." */
  sentence: string
}

export function activityLine(e: Pick<AuditEvent, 'event_type' | 'actor_id' | 'actor_name' | 'actor_role' | 'stream_id' | 'payload'>): ActivityLine {
  const what = humaniseType(e.event_type)
  const who = actorLabel(e)
  const detail = eventSummary(e.payload)
  const record = kindLabel(streamKind(e.stream_id))
  return { what, who, detail, record, sentence: `${who}: ${what}${detail ? `, ${detail}` : ''}.` }
}

/** What the audit screens lead with: the server's sentence with names ("Priya Raman applied to …"), or this line from a server without one. */
export const eventHeadline = (e: Pick<AuditEvent, 'summary' | 'event_type' | 'actor_id' | 'actor_name' | 'actor_role' | 'stream_id' | 'payload'>): string =>
  e.summary || activityLine(e).sentence

/** The words a person was sent with a decision (or, for an approval, what the admin noted it on),
 *  quoted under its sentence, by event type. */
const QUOTED: Record<string, { field: string; label: string }> = {
  ApplicationMoved: { field: 'feedback', label: 'Feedback to the candidate' },
  ApplicationStatusChanged: { field: 'feedback', label: 'Feedback to the candidate' },
  ApplicationWithdrawn: { field: 'reason', label: 'The candidate’s reason' },
  EmployerApproved: { field: 'note', label: 'What was checked' },
  EmployerRejected: { field: 'reason', label: 'Reason sent to the employer' },
  EmployerSuspended: { field: 'reason', label: 'Reason sent to the employer' },
  JobClosedByAgency: { field: 'reason', label: 'Reason sent to the employer' },
  InterviewCancelled: { field: 'reason', label: 'Reason given' },
  NotificationRaised: { field: 'message', label: 'What they read' },
}

/**
 * What an event told someone in words (feedback with a rejection, the reason for a suspension),
 * for the audit trail to quote: the question "what was the candidate told?" answered without
 * opening the raw event. Erased text reads as erased; null where there are no such words.
 */
export function eventQuote(e: Pick<AuditEvent, 'event_type' | 'payload'>): { label: string; text: string } | null {
  const quoted = QUOTED[e.event_type]
  const value = quoted ? (e.payload as Record<string, unknown> | null)?.[quoted.field] : undefined
  if (typeof value !== 'string' || !value.trim()) return null
  return { label: quoted.label, text: isErased(value) ? ERASED_TEXT : value.trim() }
}
