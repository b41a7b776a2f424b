/**
 * A button that opens a short list of choices under it (ActionMenu, MoveMenu): when the list
 * opens its first item takes focus; a click elsewhere closes it; Escape closes it and focus
 * returns to the button, and goes no further (a dialog around the menu stays open).
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'

export function useDisclosureMenu() {
  const [open, setOpen] = useState(false)
  const listId = useId()
  const wrap = useRef<HTMLDivElement>(null)
  const trigger = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    document.getElementById(listId)?.querySelector<HTMLElement>('a, button')?.focus()
    const outside = (e: MouseEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', outside)
    return () => document.removeEventListener('mousedown', outside)
  }, [open, listId])

  /** Closes the list and gives focus back to the button (after a choice, or Escape). */
  const close = () => {
    setOpen(false)
    trigger.current?.focus()
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.stopPropagation()
      close()
    }
  }
  return { open, toggle: () => setOpen((o) => !o), close, dismiss: () => setOpen(false), listId, wrap, trigger, onKeyDown }
}
