/**
 * The board: one column per stage. A card moves by dragging its handle (pointer, or the keyboard:
 * Space to lift, arrows, Space to drop: @dnd-kit/core) or through its "Move to…" menu. Columns
 * the card may not go to are dimmed while it is lifted; the server still has the last word.
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
import { formatRelativeTime } from '../../../lib/format'
import { personName } from '../../../lib/erased'
import { candidateStatus, canMove, isStage, STAGE_LABELS } from '../model/stages'
import { STAGES, type PipelineCard, type Stage, type StageCounts } from '../types'
import { MoveMenu } from './MoveMenu'

const STATUS_TONE = { pending: 'neutral', accepted: 'success', rejected: 'danger' } as const

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
        {STAGES.map((stage) => (
          <Column key={stage} stage={stage} count={counts[stage]} cards={cards.filter((c) => c.stage === stage)} lifted={active} locked={locked} onMove={onMove} />
        ))}
      </div>
      <DragOverlay>{active ? <CardBody card={active} overlay /> : null}</DragOverlay>
    </DndContext>
  )
}

function Column({ stage, count, cards, lifted, locked, onMove }: { stage: Stage; count: number; cards: PipelineCard[]; lifted: PipelineCard | null; locked: boolean; onMove: Props['onMove'] }) {
  const { setNodeRef, isOver } = useDroppable({ id: stage })
  const refused = lifted !== null && lifted.stage !== stage && !canMove(lifted.stage, stage)
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
      {locked ? null : <MoveMenu name={personName(card.candidate_name)} stage={card.stage} onMove={(to) => onMove(card, to)} />}
    </li>
  )
}

function CardBody({ card, handle, overlay }: { card: PipelineCard; handle?: React.ReactNode; overlay?: boolean }) {
  const status = candidateStatus(card.stage)
  const inner = (
    <>
      <div className="emp-card-top">
        <span className="emp-card-name">
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
        <span>Applied {formatRelativeTime(card.created_at).toLowerCase()}</span>
        <Badge tone={STATUS_TONE[status]}>Sees: {status}</Badge>
      </div>
    </>
  )
  return overlay ? <div className="emp-card emp-card-overlay">{inner}</div> : inner
}
