/**
 * "More": a row's less frequent actions behind one button, so a table row shows one action and
 * this menu rather than a wall of buttons. A disclosure like MoveMenu: the list opens under the
 * button (over the rows below it), its first item takes focus, Escape or a click elsewhere closes
 * it and focus returns to the button.
 */
import { useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { Icon } from '../../../components/ui/Icon'

export type MenuAction = { label: string; to: string } | { label: string; onSelect: () => void; danger?: boolean }

type Props = { label: string; actions: MenuAction[] }

export function ActionMenu({ label, actions }: Props) {
  const [open, setOpen] = useState(false)
  const listId = useId()
  const wrap = useRef<HTMLDivElement>(null)
  const trigger = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    wrap.current?.querySelector<HTMLElement>('.emp-menu-list a, .emp-menu-list button')?.focus()
    const outside = (e: MouseEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', outside)
    return () => document.removeEventListener('mousedown', outside)
  }, [open])

  if (actions.length === 0) return null
  const close = () => {
    setOpen(false)
    trigger.current?.focus()
  }
  return (
    <div
      className="emp-menu"
      ref={wrap}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation()
          close()
        }
      }}
    >
      <button ref={trigger} type="button" className="btn btn-outline btn-sm" aria-expanded={open} aria-controls={listId} aria-label={label} onClick={() => setOpen((o) => !o)}>
        More <Icon name="chevron" size={14} />
      </button>
      {open ? (
        <ul id={listId} className="emp-menu-list" aria-label={label}>
          {actions.map((a) => (
            <li key={a.label}>
              {'to' in a ? (
                <Link to={a.to} onClick={() => setOpen(false)}>
                  {a.label}
                </Link>
              ) : (
                <button
                  type="button"
                  className={a.danger ? 'is-danger' : undefined}
                  onClick={() => {
                    close()
                    a.onSelect()
                  }}
                >
                  {a.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
