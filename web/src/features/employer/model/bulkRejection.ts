/**
 * What a bulk rejection says once the server has answered: how many were rejected, who was
 * emailed (by name, for a few), who will only see it in their portal, who could not be emailed
 * (their personal data was erased), and the first refusal if some could not be rejected.
 */
import { isErased, personName } from '../../../lib/erased'
import type { PipelineCard } from '../types'

type Outcome = { id: string; error?: string | null }

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
  result: { rejected: number; results: Outcome[] },
  /** whether feedback went with it, and whether the candidates were to be emailed */
  { feedback, emailed }: { feedback: boolean; emailed: boolean },
) {
  const failed = result.results.filter((r) => r.error)
  const took = new Set(result.results.filter((r) => !r.error).map((r) => r.id))
  const rejected = cards.filter((c) => took.has(c.id))
  const reachable = rejected.filter((c) => !isErased(c.candidate_name))
  const erased = rejected.length - reachable.length
  const withFeedback = feedback ? ', with your feedback' : ''
  const parts: string[] = []
  if (reachable.length && emailed) {
    parts.push(`We’ve emailed ${who(reachable)} and updated ${plural(reachable.length, 'their portal', 'their portals')}${withFeedback}.`)
  } else if (reachable.length) {
    parts.push(
      reachable.length === 1
        ? `${who(reachable)} will see it in their portal${withFeedback}; no email was sent.`
        : `${who(reachable)} will see it in their portals${withFeedback}; no email was sent.`,
    )
  }
  if (erased && !reachable.length) {
    parts.push('Their personal data was erased, so there was no one to tell.')
  } else if (erased && emailed) {
    parts.push(erased === 1 ? 'One applicant’s personal data was erased, so they weren’t emailed.' : `${erased} applicants’ personal data was erased, so they weren’t emailed.`)
  }
  if (failed.length) parts.push(`${failed.length} could not be: ${failed[0].error}`)
  return {
    kind: failed.length ? ('warning' as const) : ('success' as const),
    title: `${result.rejected} ${plural(result.rejected, 'applicant', 'applicants')} rejected`,
    message: parts.join(' '),
  }
}
