/**
 * Why applicants didn't go ahead, as a workspace section: each reason the hiring teams gave with how
 * many applicants, most first, as labelled bars (the words and numbers are text; the bar only
 * shows the size, as long as its count's share of the largest), then a line for the rejections
 * that gave none and one for the stages they were let go from ("Rejected at: New 2 · Interview 1");
 * one short line instead when no one was rejected. The job report and the agency's analytics both
 * show it, from the server's counts and labels.
 */
import type { ApiSchema } from '../../api'
import { rejectedFromText } from '../../lib/stages'
import { CardSection } from './Card'

/** The rejections by reason, most first, how many gave none, and the stages they were rejected
 *  from: as a job's report and the agency's analytics both have them. */
export type RejectionCounts = Pick<ApiSchema<'JobReport'>, 'rejection_reasons' | 'rejected_without_reason' | 'rejected_from'>

type Props = {
  id: string
  title: string
  counts: RejectionCounts
  /** what the section says when no one was rejected */
  empty: string
}

export function ReasonBreakdown({ id, title, counts, empty }: Props) {
  const { rejection_reasons: reasons, rejected_without_reason: withoutReason } = counts
  const stages = rejectedFromText(counts.rejected_from)
  const most = Math.max(1, ...reasons.map((r) => r.applications))
  return (
    <CardSection id={id} title={title} className="ws-reasons">
      {reasons.length === 0 && withoutReason === 0 ? <p className="ws-muted">{empty}</p> : null}
      {reasons.length ? (
        <ul className="ws-bars" aria-labelledby={id}>
          {reasons.map((r) => (
            <li key={r.reason} className="ws-bar">
              <span className="ws-bar-label">{r.label}</span>
              <span className="ws-bar-count">{r.applications}</span>
              <span className="ws-bar-track" aria-hidden="true">
                <span className="ws-bar-fill" style={{ width: `${(r.applications / most) * 100}%` }} />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {withoutReason ? <p className="ws-muted ws-small">{withoutReason} rejected without a reason</p> : null}
      {stages ? <p className="ws-muted ws-small">Rejected at: {stages}</p> : null}
    </CardSection>
  )
}
