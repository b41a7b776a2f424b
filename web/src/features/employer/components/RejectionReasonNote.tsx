/**
 * Why a rejected applicant isn't going ahead, in the team's words ("Salary expectations"), where
 * the team sees them: their board card and list row. Nothing unless they are rejected with a
 * reason, nor until the reasons are in (never the bare id).
 */
import { useRejectionReasonLabel } from '../api/get-rejection-reasons'
import type { PipelineCard } from '../types'

export function RejectionReasonNote({ card, className }: { card: Pick<PipelineCard, 'stage' | 'rejection_reason'>; className: string }) {
  const label = useRejectionReasonLabel(card.stage === 'rejected' ? card.rejection_reason : null)
  return label ? (
    <span className={className}>
      <span className="visually-hidden">Reason: </span>
      {label}
    </span>
  ) : null
}
