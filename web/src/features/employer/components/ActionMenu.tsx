/**
 * "More": a row's less frequent actions behind one button, so a table row shows one action and
 * this menu rather than a wall of buttons. A disclosure like MoveMenu: the list opens under the
 * button (over the rows below it), its first item takes focus, Escape or a click elsewhere closes
 * it and focus returns to the button.
 */
import { Link } from 'react-router'
import { Icon } from '../../../components/ui/Icon'
import { useDisclosureMenu } from '../hooks/useDisclosureMenu'

export type MenuAction = { label: string; to: string } | { label: string; onSelect: () => void; danger?: boolean }

type Props = { label: string; actions: MenuAction[] }

export function ActionMenu({ label, actions }: Props) {
  const { open, toggle, close, dismiss, listId, wrap, trigger, onKeyDown } = useDisclosureMenu()
  if (actions.length === 0) return null
  return (
    <div className="emp-menu" ref={wrap} onKeyDown={onKeyDown}>
      <button ref={trigger} type="button" className="btn btn-outline btn-sm" aria-expanded={open} aria-controls={listId} aria-label={label} onClick={toggle}>
        More <Icon name="chevron" size={14} />
      </button>
      {open ? (
        <ul id={listId} className="emp-popup-list emp-menu-list" aria-label={label}>
          {actions.map((a) => (
            <li key={a.label}>
              {'to' in a ? (
                <Link to={a.to} onClick={dismiss}>
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
