/**
 * An applicant's interviews still to come, as their card carries them (the soonest and how many),
 * in the words the board, the reject dialogs and the toasts use. A rejection cancels every one of
 * them, and the server mails the candidate, for each, a cancellation with a calendar update whose
 * reason is "The application is not going ahead.", whether or not they are sent the rejection
 * email (none to an applicant whose personal data was erased: they have no address).
 */
import { isErased, personName } from '../../../lib/erased'
import { formatSydneyTime } from '../../../lib/format'
import type { PipelineCard } from '../types'

type Upcoming = Pick<PipelineCard, 'next_interview_at' | 'upcoming_interviews'>

/**
 * The soonest interview still to come and how many there are, or null when there are none (or the
 * soonest has begun since the server answered: it is no longer one a rejection would cancel).
 */
export function upcomingInterviews(card: Upcoming, now: Date = new Date()): { next: string; count: number } | null {
  const next = card.next_interview_at
  if (!next || !(new Date(next).getTime() > now.getTime())) return null
  return { next, count: Math.max(1, card.upcoming_interviews || 1) }
}

/** The card's hint: "Interview Tue 2 Dec, 10:00 am", with "(+1 more)" for each one after it; '' with none. */
export function interviewHint(card: Upcoming, now: Date = new Date()): string {
  const upcoming = upcomingInterviews(card, now)
  if (!upcoming) return ''
  const more = upcoming.count > 1 ? ` (+${upcoming.count - 1} more)` : ''
  return `Interview ${formatSydneyTime(upcoming.next, { now })}${more}`
}

/** What the cancellation mail says, in the dialogs' words. */
const NOT_GOING_AHEAD = 'saying the application is not going ahead'

/**
 * What rejecting one applicant does to their interviews, said in the dialog before Reject: the
 * email with the calendar update goes whether or not they are sent the rejection email, but not
 * to an erased applicant. '' with no interview still to come.
 */
export function rejectInterviewsNote(card: Upcoming, { erased = false }: { erased?: boolean } = {}, now: Date = new Date()): string {
  const upcoming = upcomingInterviews(card, now)
  if (!upcoming) return ''
  const when = formatSydneyTime(upcoming.next, { long: true, now })
  const one = upcoming.count === 1
  const cancelled = one ? `Their interview on ${when} is cancelled too` : `Their ${upcoming.count} interviews still to come, the first on ${when}, are cancelled too`
  if (erased) return `${cancelled}.`
  return `${cancelled}: they’ll get an email ${one ? 'with a calendar update that removes it' : 'for each, with a calendar update that removes it'}, ${NOT_GOING_AHEAD}.`
}

/** The bulk reject dialog's line when any of the chosen have interviews still to come; '' when none do. */
export function bulkInterviewsNote(cards: (Upcoming & Pick<PipelineCard, 'candidate_name'>)[], now: Date = new Date()): string {
  const booked = cards.filter((c) => upcomingInterviews(c, now))
  if (booked.length === 0) return ''
  const total = booked.reduce((sum, c) => sum + (upcomingInterviews(c, now)?.count ?? 0), 0)
  // one chosen is named, unless erased: the dialog already says their data is gone
  const alone = cards.length === 1 && isErased(cards[0].candidate_name) ? 'They' : cards.length === 1 ? personName(cards[0].candidate_name) : ''
  const who = alone || (booked.length === 1 ? 'One of them' : booked.length === cards.length ? 'All of them' : `${booked.length} of them`)
  const has = booked.length === 1 && who !== 'They' ? 'has' : 'have'
  const what = total === 1 ? 'an interview still to come: it is cancelled too' : 'interviews still to come: those interviews are cancelled too'
  const reachable = booked.filter((c) => !isErased(c.candidate_name)).length
  const mail =
    reachable === 0
      ? ''
      : total === 1
        ? `, and they’ll get an email with a calendar update that removes it, ${NOT_GOING_AHEAD}`
        : `, and for each one the candidate gets an email with a calendar update that removes it, ${NOT_GOING_AHEAD}`
  const erasedAside = reachable > 0 && reachable < booked.length ? ' (no email goes to anyone whose personal data was erased)' : ''
  return `${who} ${has} ${what}${mail}${erasedAside}.`
}

/**
 * What the toast adds once the server says how many interviews it cancelled: "Their interview was
 * cancelled." for one applicant, "2 interviews were cancelled." for many; '' for none.
 */
export function interviewsCancelledText(count: number, { their }: { their: boolean }): string {
  if (!count) return ''
  if (their) return count === 1 ? 'Their interview was cancelled.' : `Their ${count} interviews were cancelled.`
  return count === 1 ? '1 interview was cancelled.' : `${count} interviews were cancelled.`
}
