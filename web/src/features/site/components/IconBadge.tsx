/** The round badge at the top of a card: initials, a number or an icon; decoration, so hidden from screen readers. */
import type { ReactNode } from 'react'

export function IconBadge({ children }: { children: ReactNode }) {
  return (
    <span className="icon-badge" aria-hidden="true">
      {children}
    </span>
  )
}
