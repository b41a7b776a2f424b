/** One recent event as a sentence a recruiter can read: who did what, to which record. */
import type { AuditEvent } from '../types'
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
