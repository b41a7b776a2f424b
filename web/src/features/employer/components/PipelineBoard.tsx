/**
 * The board: one column per stage. A card (BoardCard) moves by dragging its handle (pointer, or
 * the keyboard: Space to lift, arrows, Space to drop: @dnd-kit/core) or through its one "Move to…"
 * menu. A dragged card goes to the column under the pointer, however much of it hangs over the
 * next one (columnUnderPointer; a keyboard drag, with no pointer, to the column it overlaps most),
 * and its overlay hangs from the pointer where the grip was grabbed. Columns the card may not go
 * to are dimmed while it is lifted; the server still has the last word. A moved card is drawn
 * afresh in its new column, which takes the focus away with the old one: focus follows it there
 * (useFocusFollowsMove).
 */
import { useEffect, useRef, useState, type RefObject } from 'react'
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core'
import { personName } from '../../../lib/erased'
import { columnUnderPointer } from '../model/boardCollision'
import { isStage, moveRefusal, STAGE_LABELS } from '../model/stages'
import { STAGES, type PipelineCard, type Stage, type StageCounts } from '../types'
import { CardBody, DraggableCard } from './BoardCard'

const OUTCOMES: Stage[] = ['hired', 'rejected']
const IN_PLAY = STAGES.filter((s) => !OUTCOMES.includes(s))

type Props = { cards: PipelineCard[]; counts: StageCounts; locked: boolean; onMove: (card: PipelineCard, to: Stage) => void }

export function PipelineBoard({ cards, counts, locked, onMove: move }: Props) {
  const board = useRef<HTMLDivElement>(null)
  const { follow, forget } = useFocusFollowsMove(board, cards)
  const onMove = (card: PipelineCard, to: Stage) => {
    follow(card, to)
    move(card, to)
  }
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
      collisionDetection={columnUnderPointer}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: 'To move an applicant, press Space, use the arrow keys to reach another stage, then press Space again. Escape cancels. The Move to menu does the same.' },
      }}
      onDragStart={(e) => {
        forget()
        setActive(byId(e.active.id) ?? null)
      }}
      onDragCancel={() => setActive(null)}
      onDragEnd={onDragEnd}
    >
      <div className="emp-board" ref={board}>
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

/**
 * After a move (from a card's menu, or a drop), the card is drawn again in its new column and the
 * button that had focus is gone, so focus would fall to the page. Once the card shows in the stage
 * it was sent to (straight away, or after the reject or hire dialog), focus goes to its Move to…
 * button there, or its name where it can no longer move (Hired). Only while focus is lost: a
 * person who has gone on to something else keeps their place.
 */
function useFocusFollowsMove(board: RefObject<HTMLElement | null>, cards: PipelineCard[]) {
  const [followed, setFollowed] = useState<{ id: string; to: Stage } | null>(null)
  useEffect(() => {
    if (!followed) return
    const card = cards.find((c) => c.id === followed.id)
    if (card && card.stage !== followed.to) return
    setFollowed(null)
    const active = document.activeElement
    if (card && (!active || active === document.body)) {
      const el = [...(board.current?.querySelectorAll<HTMLElement>('[data-card-id]') ?? [])].find((e) => e.dataset.cardId === card.id)
      ;(el?.querySelector<HTMLElement>('[aria-haspopup="menu"]') ?? el?.querySelector<HTMLElement>('a'))?.focus()
    }
  }, [board, cards, followed])
  return {
    follow: (card: PipelineCard, to: Stage) => setFollowed({ id: card.id, to }),
    forget: () => setFollowed(null),
  }
}
