/**
 * The board: one column per stage. A card moves by dragging its handle (pointer, or the keyboard:
 * Space to lift, arrows, Space to drop: @dnd-kit/core) or through its one "Move to…" menu. Columns
 * the card may not go to are dimmed while it is lifted; the server still has the last word.
 * A card shows who (one line, the whole name on hover), how long they have been in the stage,
 * their scorecards' average rating, and their resume one click away (a PDF opens in the viewer,
 * anything else downloads).
 */
import { useState } from 'react'
import { Link } from 'react-router'
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core'
import { Badge } from '../../../components/ui/Badge'
import { PersonName } from '../../../components/ui/ErasedPerson'
import { Icon } from '../../../components/ui/Icon'
import { formatDate } from '../../../lib/format'
import { personName } from '../../../lib/erased'
import { daysInStage, daysInStageLabel, ratingDescription, ratingText } from '../model/card'
import { isStage, moveRefusal, STAGE_LABELS } from '../model/stages'
import { STAGES, type PipelineCard, type Stage, type StageCounts } from '../types'
import { MoveMenu } from './MoveMenu'
import { ResumeButton } from './ResumeButton'

const OUTCOMES: Stage[] = ['hired', 'rejected']
const IN_PLAY = STAGES.filter((s) => !OUTCOMES.includes(s))

type Props = { cards: PipelineCard[]; counts: StageCounts; locked: boolean; onMove: (card: PipelineCard, to: Stage) => void }

export function PipelineBoard({ cards, counts, locked, onMove }: Props) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor))
  const [active, setActive] = useState<PipelineCard | null>(null)
  const byId = (id: unknown) => cards.find((c) => c.id === id)
  const name = (id: unknown) => personName(byId(id)?.candidate_name, 'the applicant')
  const column = (id: unknown) => (isStage(id) ? STAGE_LABELS[id] : 'no column')
  const announcements: Announcements = {
    onDragStart: ({ active: a }) => `Picked up ${name(a.id)}.`,
    onDragOver: ({ active: a, over }) => (over ? `${name(a.id)} is over ${column(over.id)}.` : `${name(a.id)} is over no column.`),
    onDragEnd: ({ active: a, over }) => (over ? `${name(a.id)} dropped on ${column(over.id)}.` : `${name(a.id)} put back.`),
    onDragCancel: ({ active: a }) => `Moving ${name(a.id)} was cancelled.`,
  }

  const onDragEnd = (e: DragEndEvent) => {
    setActive(null)
    const card = byId(e.active.id)
    if (card && e.over && isStage(e.over.id) && e.over.id !== card.stage) onMove(card, e.over.id)
  }

  return (
    <DndContext
      sensors={sensors}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: 'To move an applicant, press Space, use the arrow keys to reach another stage, then press Space again. Escape cancels. The Move to menu does the same.' },
      }}
      onDragStart={(e) => setActive(byId(e.active.id) ?? null)}
      onDragCancel={() => setActive(null)}
      onDragEnd={onDragEnd}
    >
      <div className="emp-board">
        {IN_PLAY.map((stage) => (
          <Column key={stage} stage={stage} count={counts[stage]} cards={cards.filter((c) => c.stage === stage)} lifted={active} locked={locked} onMove={onMove} />
        ))}
        {/* the two outcomes share the last column, so the four stages in play get the width */}
        <div className="emp-board-outcomes">
          {OUTCOMES.map((stage) => (
            <Column key={stage} stage={stage} count={counts[stage]} cards={cards.filter((c) => c.stage === stage)} lifted={active} locked={locked} onMove={onMove} />
          ))}
        </div>
      </div>
      <DragOverlay>{active ? <CardBody card={active} overlay /> : null}</DragOverlay>
    </DndContext>
  )
}

function Column({ stage, count, cards, lifted, locked, onMove }: { stage: Stage; count: number; cards: PipelineCard[]; lifted: PipelineCard | null; locked: boolean; onMove: Props['onMove'] }) {
  const { setNodeRef, isOver } = useDroppable({ id: stage })
  const refused = lifted !== null && moveRefusal(lifted, stage) !== null
  const headingId = `stage-${stage}-heading`
  return (
    <section ref={setNodeRef} className={`emp-column${isOver && !refused ? ' is-over' : ''}${refused ? ' is-closed-target' : ''}`} aria-labelledby={headingId}>
      <h2 className="emp-column-head" id={headingId}>
        <span>{STAGE_LABELS[stage]}</span>
        <span className="emp-column-count" aria-label={`${count} applicant${count === 1 ? '' : 's'}`}>
          {count}
        </span>
      </h2>
      {cards.length === 0 ? (
        <p className="emp-column-empty">No one here yet</p>
      ) : (
        <ul className="emp-column-list">
          {cards.map((card) => (
            <DraggableCard key={card.id} card={card} locked={locked} onMove={onMove} />
          ))}
        </ul>
      )}
    </section>
  )
}

function DraggableCard({ card, locked, onMove }: { card: PipelineCard; locked: boolean; onMove: Props['onMove'] }) {
  const fixed = locked || card.stage === 'hired'
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: card.id, disabled: fixed })
  return (
    <li ref={setNodeRef} className={`emp-card${isDragging ? ' is-dragging' : ''}`} data-testid="pipeline-card">
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
      {locked && !card.resume_id ? null : (
        <div className="spread-row emp-card-actions">
          <ResumeButton card={card} />
          {locked ? null : <MoveMenu name={personName(card.candidate_name)} moves={card.moves} onMove={(to) => onMove(card, to)} />}
        </div>
      )}
    </li>
  )
}

function CardBody({ card, handle, overlay }: { card: PipelineCard; handle?: React.ReactNode; overlay?: boolean }) {
  const name = personName(card.candidate_name)
  const days = daysInStage(card)
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
        {handle}
      </div>
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
      </div>
    </>
  )
  return overlay ? <div className="emp-card emp-card-overlay">{inner}</div> : inner
}
