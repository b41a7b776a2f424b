/**
 * What a bulk rejection says once the server has answered: how many were rejected, who the server
 * says it emailed (by name, for a few), how many of the others were not (why, only when it is
 * known: every one of them had their personal data erased), or, when no one was emailed, who will
 * see it in their portal, how many interviews the server cancelled with them, who it passed over
 * because they were already rejected (left as they were, and not counted as rejected), and the
 * first refusal if some could not be rejected. Those not emailed whose interviews were cancelled
 * still got mail (the calendar updates), so for them it says only that the rejection email did
 * not go.
 */
import { isErased, personName } from '../../../lib/erased'
import type { PipelineCard } from '../types'
import { interviewsCancelledText } from './upcomingInterviews'

/**
 * One applicant's outcome; a missing `emailed` (until the generated types have it) counts as not
 * emailed, a missing `interviews_cancelled` (an older server) defers to the total, and a missing
 * `already_rejected` (an older server) counts as rejected now.
 */
type Outcome = { id: string; error?: string | null; emailed?: boolean; interviews_cancelled?: number; already_rejected?: boolean }

/** Names past this many are counted rather than listed. */
const NAMES_LISTED = 3

const names = new Intl.ListFormat('en-AU', { type: 'conjunction' })

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many)

/** "Chloe Martin", "Chloe Martin and Tom Gallagher", or "5 applicants". */
function who(cards: PipelineCard[]): string {
  if (cards.length > NAMES_LISTED) return `${cards.length} applicants`
  return names.format(cards.map((c) => personName(c.candidate_name)))
}

export function bulkRejectedToast(
  cards: PipelineCard[],
  /** a missing `interviews_cancelled` (an older server) counts as none */
  result: { rejected: number; results: Outcome[]; interviews_cancelled?: number },
  /** whether feedback went with it */
  { feedback }: { feedback: boolean },
) {
  const failed = result.results.filter((r) => r.error)
  // the server passes over those already rejected: neither rejected now nor refused
  const passedOver = new Set(result.results.filter((r) => !r.error && r.already_rejected === true).map((r) => r.id))
  const took = new Map(result.results.filter((r) => !r.error && !passedOver.has(r.id)).map((r) => [r.id, r.emailed === true]))
  const rejected = cards.filter((c) => took.has(c.id))
  const already = cards.filter((c) => passedOver.has(c.id))
  const emailed = rejected.filter((c) => took.get(c.id))
  const notEmailed = rejected.filter((c) => !took.get(c.id))
  const reachable = notEmailed.filter((c) => !isErased(c.candidate_name))
  const erased = notEmailed.length - reachable.length
  const withFeedback = feedback ? ', with your feedback' : ''
  const cancelled = result.interviews_cancelled ?? 0
  // an interview the rejection cancelled is mailed to them (a calendar update saying the application
  // is not going ahead), so those not emailed were not sent the rejection email, rather than no email
  const cancelledFor = new Map(result.results.map((r) => [r.id, r.interviews_cancelled ?? cancelled]))
  const mailedAnyway = reachable.some((c) => (cancelledFor.get(c.id) ?? 0) > 0)
  const parts: string[] = []
  if (emailed.length) {
    parts.push(`We’ve emailed ${who(emailed)} and updated ${plural(emailed.length, 'their portal', 'their portals')}${withFeedback}.`)
    // the reason is known only when every one left out was erased; else it is just said
    if (notEmailed.length && !reachable.length) {
      parts.push(erased === 1 ? 'One applicant’s personal data was erased, so they weren’t emailed.' : `${erased} applicants’ personal data was erased, so they weren’t emailed.`)
    } else if (notEmailed.length) {
      const what = mailedAnyway ? 'sent the rejection email' : 'emailed'
      parts.push(notEmailed.length === 1 ? `One applicant wasn’t ${what}.` : `${notEmailed.length} applicants weren’t ${what}.`)
    }
  } else if (reachable.length) {
    parts.push(`${who(reachable)} will see it in ${plural(reachable.length, 'their portal', 'their portals')}${withFeedback}; no ${mailedAnyway ? 'rejection ' : ''}email was sent.`)
  } else if (erased) {
    parts.push('Their personal data was erased, so there was no one to tell.')
  }
  const interviews = interviewsCancelledText(cancelled, { their: false })
  if (interviews) parts.push(interviews)
  if (already.length) parts.push(`${who(already)} ${plural(already.length, 'was', 'were')} already rejected, so we left them as they were.`)
  if (failed.length) parts.push(`${failed.length} could not be: ${failed[0].error}`)
  return {
    // with no one rejected now, the team's feedback, note and email went nowhere: worth a look
    kind: failed.length || result.rejected === 0 ? ('warning' as const) : ('success' as const),
    title: result.rejected === 0 ? 'No one rejected' : `${result.rejected} ${plural(result.rejected, 'applicant', 'applicants')} rejected`,
    message: parts.join(' '),
  }
}
