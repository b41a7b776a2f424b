/**
 * A button that opens a short menu of actions under it (ActionMenu, MoveMenu), as the WAI-ARIA
 * menu button pattern has it: the button says it has a menu and whether it is open; opening it
 * (click, Enter, Space or ArrowDown) focuses the first item, ArrowUp the last. In the menu,
 * ArrowUp / ArrowDown move between the items (round from the last to the first), Home and End
 * jump to the ends, a letter to the next item starting with it; Escape closes the menu and focus
 * returns to the button, and goes no further (a dialog around the menu stays open). Tab, a click
 * elsewhere or focus leaving the menu closes it.
 */
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react'

type Opening = 'first' | 'last'

const ITEM = '[role="menuitem"]'

export function useMenuButton() {
  const [open, setOpen] = useState<Opening | null>(null)
  const menuId = useId()
  const buttonId = useId()
  const wrap = useRef<HTMLDivElement>(null)
  const trigger = useRef<HTMLButtonElement>(null)
  const menu = useRef<HTMLUListElement>(null)

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>(ITEM) ?? [])]

  useEffect(() => {
    if (!open) return
    const all = items()
    ;(open === 'last' ? all[all.length - 1] : all[0])?.focus()
    const outside = (e: MouseEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(null)
    }
    document.addEventListener('mousedown', outside)
    return () => document.removeEventListener('mousedown', outside)
  }, [open])

  /** Closes the menu and gives focus back to the button (after a choice, or Escape). */
  const close = () => {
    setOpen(null)
    trigger.current?.focus()
  }
  /** Closes the menu where focus is going somewhere else anyway (a link that navigates). */
  const dismiss = () => setOpen(null)

  const onButtonKeyDown = (e: KeyboardEvent) => {
    // Enter and Space reach onClick as the button's own click
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      const from: Opening = e.key === 'ArrowUp' ? 'last' : 'first'
      if (!open) return setOpen(from)
      const all = items()
      all[from === 'last' ? all.length - 1 : 0]?.focus()
    } else if (e.key === 'Escape' && open) {
      e.preventDefault()
      e.stopPropagation()
      setOpen(null)
    }
  }

  const onMenuKeyDown = (e: KeyboardEvent) => {
    const all = items()
    const at = all.indexOf(document.activeElement as HTMLElement)
    const go = (i: number) => {
      e.preventDefault()
      all[(i + all.length) % all.length]?.focus()
    }
    switch (e.key) {
      case 'ArrowDown':
        return go(at + 1)
      case 'ArrowUp':
        return go(at < 0 ? -1 : at - 1)
      case 'Home':
        return go(0)
      case 'End':
        return go(-1)
      case 'Escape':
        e.preventDefault()
        e.stopPropagation()
        return close()
      case 'Tab':
        // focus moves on as Tab takes it; the menu does not stay open behind it
        return setOpen(null)
    }
    if (e.key.length === 1 && /\S/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
      const letter = e.key.toLowerCase()
      const order = [...all.slice(at + 1), ...all.slice(0, at + 1)]
      const next = order.find((el) => el.textContent?.trim().toLowerCase().startsWith(letter))
      if (next) {
        e.preventDefault()
        next.focus()
      }
    }
  }

  /** Focus that leaves the button and its menu for something else on the page closes the menu. */
  const onBlur = (e: FocusEvent) => {
    const to = e.relatedTarget as Node | null
    if (open && to && !wrap.current?.contains(to)) setOpen(null)
  }

  return {
    open: open !== null,
    close,
    dismiss,
    wrapProps: { ref: wrap, onBlur },
    buttonProps: {
      ref: trigger,
      id: buttonId,
      type: 'button' as const,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open !== null,
      'aria-controls': open ? menuId : undefined,
      onClick: () => setOpen((o) => (o ? null : 'first')),
      onKeyDown: onButtonKeyDown,
    },
    menuProps: { ref: menu, id: menuId, role: 'menu' as const, onKeyDown: onMenuKeyDown },
    /** each item: a button or link in an `<li role="none">`; only the menu's keys move between them */
    itemProps: { role: 'menuitem' as const, tabIndex: -1 },
  }
}
