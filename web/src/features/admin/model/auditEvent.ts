/** How one audit event reads in a list: its type in words, who did it, which record, and a one-line summary. */
import { ERASED, isErased } from '../../../lib/erased'
import type { AuditEvent } from '../types'

export { ERASED, isErased }

/** Words of a type name that are not said as written: "Totp" is the two-factor code. */
const TYPE_WORDS: Record<string, string> = { totp: 'two-factor' }

/**
 * An event type in words, never the type name itself: "JobPosted" → "Job posted", "CVUploaded" →
 * "CV uploaded", "TotpCodeAccepted" → "Two-factor code accepted".
 */
export function humaniseType(type: string): string {
  const words = type
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .map((w) => TYPE_WORDS[w.toLowerCase()] ?? (/^[A-Z0-9]{2,}$/.test(w) ? w : w.toLowerCase()))
  const text = words.join(' ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

const ROLE_WORDS: Record<string, string> = {
  admin: 'Admin',
  employer: 'Employer',
  candidate: 'Candidate',
  anonymous: 'Visitor',
  policy: 'Automatic rule',
  seed: 'Demo data',
  cli: 'Command line',
}

export const roleLabel = (role: string | null) => (role ? (ROLE_WORDS[role] ?? role.charAt(0).toUpperCase() + role.slice(1)) : 'System')

/** Who did it: "Ada Lovelace (Admin)", "Automatic rule", "Erased person (Candidate)" once their
 *  name is erased, "Someone (Candidate)" when no name came with it: never a piece of their id. */
export function actorLabel(e: Pick<AuditEvent, 'actor_name' | 'actor_role' | 'actor_id'>): string {
  const role = roleLabel(e.actor_role ?? null)
  if (e.actor_name && !isErased(e.actor_name)) return `${e.actor_name} (${role})`
  if (e.actor_name && isErased(e.actor_name)) return `Erased person (${role})`
  if (e.actor_id) return `Someone (${role})`
  return role
}

/** The record kind of a stream id: "job-0190…" → "job". */
export function streamKind(streamId: string): string {
  const i = streamId.indexOf('-')
  return i > 0 ? streamId.slice(0, i) : streamId
}

/** A short stream id for narrow places: "job-0190a1b2…". */
export function shortStream(streamId: string, keep = 8): string {
  const kind = streamKind(streamId)
  const rest = streamId.slice(kind.length + 1)
  return rest.length > keep ? `${kind}-${rest.slice(0, keep)}…` : streamId
}

const KIND_WORDS: Record<string, string> = {
  account: 'Account',
  job: 'Job',
  application: 'Application',
  profile: 'Candidate profile',
  company: 'Company',
  interview: 'Interview',
  assessment: 'Assessment',
  document: 'Document',
  contact: 'Enquiry',
  reference: 'Reference data',
  notification: 'Notification',
}

export const kindLabel = (kind: string) => KIND_WORDS[kind] ?? (kind ? kind.charAt(0).toUpperCase() + kind.slice(1) : 'Record')

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? (isErased(v) ? ERASED : v.trim()) : typeof v === 'number' ? String(v) : null)

/**
 * A one-line summary from the payload's telling fields, in a fixed order: the title or name first,
 * then a move (from → to stage or status), then a reason. Empty when the payload says nothing plain.
 */
export function eventSummary(payload: Record<string, unknown> | null | undefined): string {
  return eventSummaryParts(payload).join(' · ')
}

/** The summary's parts, so a screen can mark an "[erased]" part apart from the rest. */
export function eventSummaryParts(payload: Record<string, unknown> | null | undefined): string[] {
  if (!payload || typeof payload !== 'object') return []
  const parts: string[] = []
  const details = payload.details && typeof payload.details === 'object' ? (payload.details as Record<string, unknown>) : {}
  const name = text(payload.title) ?? text(details.title) ?? text(payload.name) ?? text(payload.display_name) ?? text(payload.company) ?? text(payload.email)
  if (name) parts.push(name)
  const from = text(payload.previous) ?? text(payload.from_stage) ?? text(payload.from) ?? text(payload.previous_stage) ?? text(payload.from_status)
  const to = text(payload.to_stage) ?? text(payload.to) ?? text(payload.stage) ?? text(payload.status) ?? text(payload.to_status)
  if (from && to) parts.push(`${from} → ${to}`)
  else if (to) parts.push(to)
  const reason = text(payload.reason) ?? text(payload.feedback)
  if (reason) parts.push(isErased(reason) ? ERASED : `“${reason.length > 80 ? `${reason.slice(0, 79)}…` : reason}”`)
  return parts
}

/**
 * An instant in the browser's zone and naming it: in full, as an auditor quotes it,
 * "3 Mar 2026, 2:05:09 pm AEDT"; for lists (`seconds: false`), "3 Mar 2026, 2:05 pm AEDT".
 */
export function formatInstant(iso: string | null | undefined, { seconds = true }: { seconds?: boolean } = {}): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return d.toLocaleString('en-AU', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: seconds ? '2-digit' : undefined,
    timeZoneName: 'short',
  })
}
