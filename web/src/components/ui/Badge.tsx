/** A status chip: a tone from the tokens, an optional icon, and always a text (colour is never the only signal). */
import type { ReactNode } from 'react'
import { Icon, type IconName } from './Icon'

export type BadgeTone = 'success' | 'warning' | 'danger' | 'info' | 'neutral' | 'brand'

export function Badge({ tone = 'neutral', icon, children }: { tone?: BadgeTone; icon?: IconName; children: ReactNode }) {
  return (
    <span className={`badge badge-${tone}`}>
      {icon ? <Icon name={icon} size={14} /> : null}
      {children}
    </span>
  )
}
