/**
 * Taking an application back (POST /api/applications/{id}/withdraw, docs/API.md): which ones can
 * be, and what the dialog tells the candidate first. The server refuses one already decided
 * (hired, or not progressed) and cancels the interviews still to come, `scheduled` and starting
 * after now, mailing a calendar update that removes each. A withdrawn application stays in My
 * Applications with `withdrawn_at` set, and the same job cannot be applied for again (the first
 * application keeps its place).
 */
import type { BadgeTone } from '../../../components/ui/Badge'
import type { IconName } from '../../../components/ui/Icon'
import { formatDate, formatSydneyTime } from '../../../lib/format'
import type { Application, ApplicationInterview } from '../types'

/** The server's limit on the reason (`Reason must be at most 500 characters`). */
export const WITHDRAW_REASON_MAX = 500

/** Whether the candidate has taken it back (the server keeps it, with when). */
export function isWithdrawn(app: Pick<Application, 'withdrawn_at'>): boolean {
  return Boolean(app.withdrawn_at)
}

/**
 * How a withdrawn application shows wherever its status would (My Applications, and the job's card
 * in Browse Jobs): muted, as it is over, with the arrow the public job page uses for taken back.
 */
export const WITHDRAWN_DISPLAY = { icon: 'reopen' as IconName, label: 'Withdrawn', tone: 'neutral' as BadgeTone }

/** Whether the candidate can still take it back: anything not yet decided nor already withdrawn. */
export function canWithdraw(app: Pick<Application, 'progress' | 'withdrawn_at'>): boolean {
  return !isWithdrawn(app) && app.progress !== 'hired' && app.progress !== 'not_progressed'
}

/** The list with one application marked withdrawn `at` (until the server's own copy is read again). */
export function markWithdrawn(apps: Application[], id: string, at: string): Application[] {
  return apps.map((a) => (a.id === id && !a.withdrawn_at ? { ...a, withdrawn_at: at } : a))
}

/** A withdrawn card's line: "You withdrew this application on 3 Dec 2026." */
export function withdrewOnText(app: Pick<Application, 'withdrawn_at'>): string {
  const date = formatDate(app.withdrawn_at)
  return date ? `You withdrew this application on ${date}.` : 'You withdrew this application.'
}

/** The interviews a withdrawal cancels, soonest first: booked and not yet begun. */
export function interviewsToCancel(interviews: ApplicationInterview[] | null | undefined, now: Date = new Date()): ApplicationInterview[] {
  return (interviews ?? [])
    .filter((i) => i.status === 'scheduled' && new Date(i.starts_at).getTime() > now.getTime())
    .sort((a, b) => a.starts_at.localeCompare(b.starts_at))
}

/**
 * The dialog's line on those interviews, in Sydney time: "Your interview on Tuesday 2 December at
 * 10:00 am is cancelled too, and you'll get a calendar update that removes it." ('' with none).
 */
export function withdrawInterviewsNote(interviews: ApplicationInterview[] | null | undefined, now: Date = new Date()): string {
  const list = interviewsToCancel(interviews, now)
  if (list.length === 0) return ''
  const when = (i: ApplicationInterview) => formatSydneyTime(i.starts_at, { long: true, now })
  if (list.length === 1) return `Your interview on ${when(list[0])} is cancelled too, and you’ll get a calendar update that removes it.`
  const days = list.map(when)
  const named = `${days.slice(0, -1).join(', ')} and ${days[days.length - 1]}`
  return `Your ${list.length} interviews, on ${named}, are cancelled too, and you’ll get a calendar update that removes each one.`
}

/** The dialog's opening line, naming the job and the company. */
export function withdrawSummary(app: Pick<Application, 'job_title' | 'company'>): string {
  return `You’re withdrawing your application for ${app.job_title} at ${app.company}. The hiring team will see that you’ve withdrawn.`
}

/** Said before the candidate confirms: it is final, and this job can't be applied for again. */
export const WITHDRAW_FINAL = 'This can’t be undone, and you won’t be able to apply for this job again.'

/** The success line once the server has it; the card stays, marked withdrawn. */
export function withdrawnMessage(app: Pick<Application, 'job_title' | 'company'>): string {
  return `Your application for ${app.job_title} at ${app.company} is withdrawn. The hiring team can see you’ve withdrawn.`
}

export const WITHDRAW_FAILED = 'We couldn’t withdraw your application just now. Please try again.'
