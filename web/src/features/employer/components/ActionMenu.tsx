/**
 * "More": a row's less frequent actions behind one button, so a table row shows one action and
 * this menu rather than a wall of buttons. A menu button like MoveMenu (useMenuButton): the menu
 * opens under the button (over the rows below it) with its first item focused, the arrow keys
 * move between the items, Escape or a click elsewhere closes it and focus returns to the button.
 */
import { Link } from 'react-router'
import { Icon } from '../../../components/ui/Icon'
import { useMenuButton } from '../hooks/useMenuButton'

export type MenuAction = { label: string; to: string } | { label: string; onSelect: () => void; danger?: boolean }

type Props = { label: string; actions: MenuAction[] }

export function ActionMenu({ label, actions }: Props) {
  const { open, close, dismiss, wrapProps, buttonProps, menuProps, itemProps } = useMenuButton()
  if (actions.length === 0) return null
  return (
    <div className="emp-menu" {...wrapProps}>
      <button {...buttonProps} className="btn btn-outline btn-sm" aria-label={label}>
        More <Icon name="chevron" size={14} />
      </button>
      {open ? (
        <ul {...menuProps} className="emp-popup-list emp-menu-list" aria-label={label}>
          {actions.map((a) => (
            <li key={a.label} role="none">
              {'to' in a ? (
                <Link {...itemProps} to={a.to} onClick={dismiss}>
                  {a.label}
                </Link>
              ) : (
                <button
                  {...itemProps}
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
