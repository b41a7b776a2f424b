/**
 * "Move to…": the keyboard and screen-reader way to move an applicant (drag and drop is the
 * pointer way). A disclosure button opens a short list of the stages this card may go to; Escape
 * or a click elsewhere closes it and focus returns to the button.
 */
import { useEffect, useId, useRef, useState } from 'react'
import { buttonClass } from '../../../components/ui/Button'
import { allowedTargets, STAGE_LABELS } from '../model/stages'
import type { Stage } from '../types'

/** `variant`: the board's cards use a quiet ghost button; the applicant page, where moving is the main act, a primary one. */
type Props = { name: string; stage: Stage; disabled?: boolean; variant?: 'ghost' | 'primary'; onMove: (to: Stage) => void }

export function MoveMenu({ name, stage, disabled, variant = 'ghost', onMove }: Props) {
  const [open, setOpen] = useState(false)
  const listId = useId()
  const wrap = useRef<HTMLDivElement>(null)
  const trigger = useRef<HTMLButtonElement>(null)
  const targets = allowedTargets(stage)

  useEffect(() => {
    if (!open) return
    wrap.current?.querySelector<HTMLButtonElement>('.emp-move-list button')?.focus()
    const outside = (e: MouseEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', outside)
    return () => document.removeEventListener('mousedown', outside)
  }, [open])

  if (targets.length === 0) return null
  const close = () => {
    setOpen(false)
    trigger.current?.focus()
  }
  return (
    <div
      className="emp-move"
      ref={wrap}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation()
          close()
        }
      }}
    >
      <button
        ref={trigger}
        type="button"
        className={buttonClass(variant, 'sm')}
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`Move ${name} to another stage`}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
      >
        Move to…
      </button>
      {open ? (
        <ul id={listId} className="emp-move-list" aria-label={`Stages for ${name}`}>
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
