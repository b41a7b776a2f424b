/**
 * One applicant's card on the board: who (one line, the whole name on hover), how long they have
 * been in the stage, their scorecards' average rating, their next interview (Sydney time), their
 * resume one click away, why the team did not go ahead (a rejected card with a reason), a drag
 * handle and "Move to…". A card whose person was erased is out of the running: muted, with a line that
 * says why, and nothing to move it by (its application page still can).
 */
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useDraggable } from '@dnd-kit/core'
import { Badge } from '../../../components/ui/Badge'
import { PersonName } from '../../../components/ui/ErasedPerson'
import { Icon } from '../../../components/ui/Icon'
import { formatDate } from '../../../lib/format'
import { isErased, personName } from '../../../lib/erased'
import { daysInStage, daysInStageLabel, ratingDescription, ratingText } from '../model/card'
import { STAGE_LABELS } from '../model/stages'
import { formatSydney } from '../model/interview'
import { interviewHint } from '../model/upcomingInterviews'
import type { PipelineCard, Stage } from '../types'
import { MoveMenu } from './MoveMenu'
import { RejectionReasonNote } from './RejectionReasonNote'
import { ResumeButton } from './ResumeButton'

/** What an erased applicant's card says in place of its days and rating. */
export const ERASED_CARD_LINE = 'Personal data erased · no longer in the running'

type Props = { card: PipelineCard; locked: boolean; onMove: (card: PipelineCard, to: Stage) => void }

export function DraggableCard({ card, locked, onMove }: Props) {
  const erased = isErased(card.candidate_name)
  const fixed = locked || erased || card.stage === 'hired'
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: card.id, disabled: fixed })
  const canMove = !locked && !erased
  return (
    <li
      ref={setNodeRef}
      className={`emp-card${isDragging ? ' is-dragging' : ''}${erased ? ' is-erased' : ''}`}
      data-testid="pipeline-card"
      data-card-id={card.id}
    >
      <CardBody
        card={card}
        handle={
          fixed ? null : (
            <button type="button" className="emp-grip" aria-label={`Drag ${personName(card.candidate_name)}`} {...attributes} {...listeners}>
              <Icon name="grip" size={16} />
            </button>
          )
        }
      />
      {!canMove && !card.resume_id ? null : (
        <div className="spread-row emp-card-actions">
          <ResumeButton card={card} />
          {canMove ? <MoveMenu name={personName(card.candidate_name)} moves={card.moves} onMove={(to) => onMove(card, to)} /> : null}
        </div>
      )}
    </li>
  )
}

export function CardBody({ card, handle, overlay }: { card: PipelineCard; handle?: ReactNode; overlay?: boolean }) {
  const name = personName(card.candidate_name)
  const days = daysInStage(card)
  const interview = interviewHint(card)
  const inner = (
    <>
      <div className="emp-card-top">
        <span className="emp-card-name" title={name}>
          {overlay ? (
            <PersonName name={card.candidate_name} />
          ) : (
            <Link to={`/dashboard/applicants/${card.id}`}>
              <PersonName name={card.candidate_name} />
            </Link>
          )}
        </span>
        {/* the overlay shows the grip too, so the card hangs from the pointer where it was grabbed */}
        {overlay ? (
          <span className="emp-grip" aria-hidden="true">
            <Icon name="grip" size={16} />
          </span>
        ) : (
          handle
        )}
      </div>
      {isErased(card.candidate_name) ? (
        <p className="emp-card-meta emp-card-erased">{ERASED_CARD_LINE}</p>
      ) : (
        <div className="emp-card-meta">
          <span title={`In ${STAGE_LABELS[card.stage]} since ${formatDate(card.stage_entered_at)}; applied ${formatDate(card.created_at)}`}>{daysInStageLabel(days)}</span>
          {card.rating != null ? (
            <span className="emp-card-rating" title={ratingDescription(card.rating, card.scorecards)}>
              <Icon name="star" size={12} />
              <span aria-hidden="true">{ratingText(card.rating)} avg</span>
              <span className="visually-hidden">{ratingDescription(card.rating, card.scorecards)}</span>
            </span>
          ) : null}
          {card.withdrawn_at ? <Badge tone="neutral">Withdrawn</Badge> : null}
          {interview && card.next_interview_at ? (
            <span className="emp-card-interview" title={`Next interview ${formatSydney(card.next_interview_at)}`}>
              <Icon name="calendar" size={12} />
              {interview}
            </span>
          ) : null}
          <RejectionReasonNote card={card} className="emp-card-reason" />
        </div>
      )}
    </>
  )
  return overlay ? <div className="emp-card emp-card-overlay">{inner}</div> : inner
}
