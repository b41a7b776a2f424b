/**
 * The booked interviews not yet finished (those under way too) across every job, as the workspace
 * shows them: grouped by the Sydney day they fall on ("Today", "Tomorrow", "Thursday 4 December"),
 * each with its time range, and the Jobs page's short summary of the next one. Sydney time
 * whatever the browser's zone, so daylight saving is right on each date.
 */
import { addDays } from '../../../lib/days'
import { sydneyClock, sydneyDay, sydneyParts, timeRange } from '../../../lib/format'
import type { UpcomingInterview } from '../types'

const DAY_MS = 24 * 60 * 60 * 1000

/** A Sydney day (YYYY-MM-DD) as a heading: "Today", "Tomorrow", else "Thursday 4 December", with the year when it is not this one. */
export function sydneyDayLabel(day: string, now: Date = new Date()): string {
  const today = sydneyDay(now.toISOString())
  if (day === today) return 'Today'
  if (day === addDays(today, 1)) return 'Tomorrow'
  // noon UTC is 10 or 11 pm that same day in Sydney (UTC+10, +11 in daylight saving)
  const p = sydneyParts(new Date(`${day}T12:00:00Z`), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
  return `${p.weekday} ${p.day} ${p.month}${p.year === today.slice(0, 4) ? '' : ` ${p.year}`}`
}

// the clock and an interview's time range live in lib/format (the admin overview shows them too)
export { sydneyClock, timeRange }

const soonestFirst = (list: UpcomingInterview[]) => [...list].sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at))

export type InterviewDay = { day: string; label: string; interviews: UpcomingInterview[] }

/** The interviews by the Sydney day each begins on, days and interviews soonest first. */
export function groupBySydneyDay(list: UpcomingInterview[], now: Date = new Date()): InterviewDay[] {
  const days: InterviewDay[] = []
  for (const interview of soonestFirst(list)) {
    const day = sydneyDay(interview.starts_at)
    const last = days[days.length - 1]
    if (last?.day === day) last.interviews.push(interview)
    else days.push({ day, label: sydneyDayLabel(day, now), interviews: [interview] })
  }
  return days
}

export type ComingUp = {
  next: UpcomingInterview
  /** "Today, 2:00 pm" */
  when: string
  /** The next one has begun and not ended yet. */
  started: boolean
  /** How many others begin within the next 7 days. */
  more: number
}

/** The Jobs page's summary: the soonest interview and how many more begin in the next 7 days; null with none. */
export function comingUp(list: UpcomingInterview[], now: Date = new Date()): ComingUp | null {
  const [next, ...rest] = soonestFirst(list)
  if (!next) return null
  const weekOut = now.getTime() + 7 * DAY_MS
  return {
    next,
    when: `${sydneyDayLabel(sydneyDay(next.starts_at), now)}, ${sydneyClock(next.starts_at)}`,
    started: Date.parse(next.starts_at) <= now.getTime(),
    more: rest.filter((i) => Date.parse(i.starts_at) < weekOut).length,
  }
}

/** "With Priya Shah, Tom Nguyen"; '' with no one named. */
export const interviewersText = (names: string[] | null | undefined) => (names?.length ? `With ${names.join(', ')}` : '')
