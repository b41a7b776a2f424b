/**
 * A place in an outer page header that a screen nested inside the page can fill. The candidate
 * portal sits inside the public site's layout; on a phone it puts its bell in the site header
 * (beside the account menu) instead of drawing a second bar of its own under it (issue 27).
 *
 * The provider says "there is an outer header" at once, on the first render, so a screen can lay
 * itself out for it without a flash; the element to portal into arrives a render later.
 */
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react'

type Slot = { element: HTMLElement | null; attach: (el: HTMLElement | null) => void }

const HeaderSlotContext = createContext<Slot | null>(null)

export function HeaderSlotProvider({ children }: { children: ReactNode }) {
  const [element, attach] = useState<HTMLElement | null>(null)
  const slot = useMemo(() => ({ element, attach }), [element])
  return <HeaderSlotContext.Provider value={slot}>{children}</HeaderSlotContext.Provider>
}

/** Where the outer header takes what a nested screen puts in it. */
export function HeaderSlotTarget({ className }: { className?: string }) {
  const slot = useContext(HeaderSlotContext)
  return slot ? <div ref={slot.attach} className={className} /> : null
}

/** null outside any outer header; otherwise the slot (its element is null until it has mounted). */
export function useHeaderSlot(): Slot | null {
  return useContext(HeaderSlotContext)
}
