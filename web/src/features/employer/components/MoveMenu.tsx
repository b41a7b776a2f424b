/**
 * "Move to…": the keyboard and screen-reader way to move an applicant (drag and drop is the
 * pointer way). A disclosure button opens a short list of the stages this card may go to; Escape
 * or a click elsewhere closes it and focus returns to the button.
 */
import { buttonClass } from '../../../components/ui/Button'
import { useDisclosureMenu } from '../hooks/useDisclosureMenu'
import { allowedTargets, STAGE_LABELS } from '../model/stages'
import type { Stage, StageMove } from '../types'

/**
 * `moves`: the card's, as the server answered (only those it allows are offered). `variant`: the
 * board's cards use a quiet ghost button; the applicant page, where moving is the main act, a
 * primary one.
 */
type Props = { name: string; moves: StageMove[]; disabled?: boolean; variant?: 'ghost' | 'primary'; onMove: (to: Stage) => void }

export function MoveMenu({ name, moves, disabled, variant = 'ghost', onMove }: Props) {
  const { open, toggle, close, listId, wrap, trigger, onKeyDown } = useDisclosureMenu()
  const targets = allowedTargets({ moves })
  if (targets.length === 0) return null
  return (
    <div className="emp-move" ref={wrap} onKeyDown={onKeyDown}>
      <button
        ref={trigger}
        type="button"
        className={buttonClass(variant, 'sm')}
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`Move ${name} to another stage`}
        disabled={disabled}
        onClick={toggle}
      >
        Move to…
      </button>
      {open ? (
        <ul id={listId} className="emp-popup-list emp-move-list" aria-label={`Stages for ${name}`}>
          {targets.map((t) => (
            <li key={t}>
              <button
                type="button"
                onClick={() => {
                  close()
                  onMove(t)
                }}
              >
                {STAGE_LABELS[t]}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
