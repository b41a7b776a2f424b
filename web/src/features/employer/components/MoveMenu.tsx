/**
 * "Move to…": the keyboard and screen-reader way to move an applicant (drag and drop is the
 * pointer way). A menu button (useMenuButton) opens the stages this card may go to: the arrow
 * keys move between them, Enter chooses, Escape or a click elsewhere closes the menu and focus
 * returns to the button.
 */
import { buttonClass } from '../../../components/ui/Button'
import { useMenuButton } from '../hooks/useMenuButton'
import { allowedTargets, STAGE_LABELS } from '../model/stages'
import type { Stage, StageMove } from '../types'

/**
 * `moves`: the card's, as the server answered (only those it allows are offered). `variant`: the
 * board's cards use a quiet ghost button; the applicant page, where moving is the main act, a
 * primary one.
 */
type Props = { name: string; moves: StageMove[]; disabled?: boolean; variant?: 'ghost' | 'primary'; onMove: (to: Stage) => void }

export function MoveMenu({ name, moves, disabled, variant = 'ghost', onMove }: Props) {
  const { open, close, wrapProps, buttonProps, menuProps, itemProps } = useMenuButton()
  const targets = allowedTargets({ moves })
  if (targets.length === 0) return null
  return (
    <div className="emp-move" {...wrapProps}>
      <button {...buttonProps} className={buttonClass(variant, 'sm')} aria-label={`Move ${name} to another stage`} disabled={disabled}>
        Move to…
      </button>
      {open ? (
        <ul {...menuProps} className="emp-popup-list emp-move-list" aria-label={`Stages for ${name}`}>
          {targets.map((t) => (
            <li key={t} role="none">
              <button
                {...itemProps}
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
