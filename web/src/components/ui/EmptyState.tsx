/** What a list shows when it has nothing: what is missing, why, and the one action that fixes it. */
import type { ReactNode } from 'react'
import { Icon, type IconName } from './Icon'

type Props = { title: string; icon?: IconName; children?: ReactNode; action?: ReactNode; headingLevel?: 2 | 3 }

export function EmptyState({ title, icon = 'folder', children, action, headingLevel = 3 }: Props) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <div className="empty-state">
      <span className="empty-state-icon">
        <Icon name={icon} size={28} />
      </span>
      <Heading className="empty-state-title">{title}</Heading>
      {children ? <div className="empty-state-body">{children}</div> : null}
      {action ? <div className="empty-state-action">{action}</div> : null}
    </div>
  )
}
