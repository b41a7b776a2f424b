/**
 * The overview's "Today": the agency's day across every client, by the Sydney day. Its heading,
 * its three counts (each with a line under it and the Applications list it opens, filtered as
 * closely as that list can), and how an interview names its job.
 */
import { addDays } from '../../../lib/days'
import { formatSydneyDayName, sydneyDay } from '../../../lib/format'
import type { Today, TodaysInterview } from '../types'
import { writeParams } from './urlParams'

/** How long an application sits in New before it counts as waiting (the server's WAITING_DAYS). */
const WAITING_DAYS = 7

export type TodayCount = {
  id: 'applications' | 'waiting' | 'offers'
  count: number
  label: string
  /** one line under the label; a zero reads as calm, not as a problem */
  note: string
  to: string
  /** true when the count asks someone to act (applications left in New for a week) */
  flagged: boolean
}

/** The Applications list with these filters (the keys its address bar reads). */
const applicationsPath = (filters: { stage?: string; from?: string; to?: string }) =>
  `/dashboard/applications?${writeParams(filters, ['stage', 'from', 'to'])}`

/** "Today, Saturday 28 November": the Sydney day, whatever the browser's zone. */
export const todayHeading = (now: Date = new Date()) => `Today, ${formatSydneyDayName(now)}`

export function todayCounts(t: Today, now: Date = new Date()): TodayCount[] {
  const today = sydneyDay(now)
  return [
    {
      id: 'applications',
      count: t.applications_today,
      label: 'Applications today',
      note: t.applications_today ? 'Since midnight, across every client' : 'None in yet today',
      to: applicationsPath({ from: today, to: today }),
      flagged: false,
    },
    {
      id: 'waiting',
      count: t.waiting_a_week,
      label: 'Waiting a week or more in New',
      // the server counts what is still in New, on an open job, 7 days after it got there: not
      // whether anyone at the employer has opened it
      note: t.waiting_a_week ? 'Still in New after a week, on open jobs' : 'Nothing has waited that long',
      // New, applied a week ago or earlier: the list cannot tell withdrawn or closed jobs' ones apart, so it may show a few more
      to: applicationsPath({ stage: 'new', to: addDays(today, -WAITING_DAYS) }),
      flagged: t.waiting_a_week > 0,
    },
    {
      id: 'offers',
      count: t.offers_out,
      label: 'Offers out',
      note: t.offers_out ? 'Waiting on an answer' : 'No offers waiting on an answer',
      to: applicationsPath({ stage: 'offer' }),
      flagged: false,
    },
  ]
}

/** "for Senior Rust Engineer at Wattle Analytics", or without "at …" when the company is not known. */
export const interviewFor = (i: Pick<TodaysInterview, 'job_title' | 'company'>) =>
  i.company?.trim() ? `for ${i.job_title} at ${i.company.trim()}` : `for ${i.job_title}`
