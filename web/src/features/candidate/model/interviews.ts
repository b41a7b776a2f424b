/**
 * The interviews on a candidate's application card (docs/API.md "Employer applicant"): times in
 * Australia/Sydney whatever the browser's zone, and which ones are still to come.
 */
import { addDays } from '../../../lib/days'
import { formatSydneyTime, sydneyDay } from '../../../lib/format'
import type { ApplicationInterview } from '../types'

/**
 * "Tue 2 Dec, 10:30 am AEDT", with "Today, " or "Tomorrow, " first when it is (Sydney days); the year is added ("Tue 2 Dec 2026, …") when it is not the
 * current one in Sydney. AEST/AEDT come from the zone, so daylight saving is right on each date.
 */
export function formatInterviewTime(iso: string, now: Date = new Date()): string {
  const full = formatSydneyTime(iso, { zone: true, now })
  if (!full) return ''
  // "Today, Sun 29 Nov, 12:00 pm AEDT": the day a person plans by, said first
  const today = sydneyDay(now)
  const day = sydneyDay(iso)
  if (day === today) return `Today, ${full}`
  if (day === addDays(today, 1)) return `Tomorrow, ${full}`
  return full
}

/** "45 minutes", "1 hour", "1 hour 30 minutes", "2 hours". */
export function formatDuration(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes <= 0) return ''
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  const hours = h ? `${h} hour${h === 1 ? '' : 's'}` : ''
  const mins = m ? `${m} minute${m === 1 ? '' : 's'}` : ''
  return [hours, mins].filter(Boolean).join(' ')
}

/** Over once its end has passed. */
export function isPast(i: Pick<ApplicationInterview, 'starts_at' | 'duration_minutes'>, now: Date = new Date()): boolean {
  const start = new Date(i.starts_at).getTime()
  return start + (i.duration_minutes || 0) * 60_000 < now.getTime()
}

export type InterviewState = 'upcoming' | 'cancelled' | 'past'

export function interviewState(i: ApplicationInterview, now: Date = new Date()): InterviewState {
  if (i.status === 'cancelled') return 'cancelled'
  return isPast(i, now) ? 'past' : 'upcoming'
}

/** Upcoming first (soonest first), then cancelled and past ones (latest first). */
export function orderInterviews(list: ApplicationInterview[] | null | undefined, now: Date = new Date()): ApplicationInterview[] {
  const items = [...(list ?? [])]
  const rank = (i: ApplicationInterview) => (interviewState(i, now) === 'upcoming' ? 0 : 1)
  return items.sort((a, b) => {
    const r = rank(a) - rank(b)
    if (r !== 0) return r
    return rank(a) === 0 ? a.starts_at.localeCompare(b.starts_at) : b.starts_at.localeCompare(a.starts_at)
  })
}
