/** A surface with a border and the small elevation; `href`-less by design: a clickable card wraps a Link itself. */
import type { HTMLAttributes, ReactNode } from 'react'

type Props = HTMLAttributes<HTMLElement> & { as?: 'div' | 'section' | 'article' | 'li'; padding?: 'sm' | 'md'; children: ReactNode }

export function Card({ as: Tag = 'div', padding = 'md', className, children, ...rest }: Props) {
  return (
    <Tag className={`card${padding === 'sm' ? ' card-sm' : ''}${className ? ` ${className}` : ''}`} {...rest}>
      {children}
    </Tag>
  )
}

/** A card that is a section of a workspace screen, named by its h2. */
export function CardSection({ id, title, className, children }: { id: string; title: ReactNode; className?: string; children: ReactNode }) {
  return (
    <Card as="section" aria-labelledby={id} className={className}>
      <h2 id={id} className="ws-section-title">
        {title}
      </h2>
      {children}
    </Card>
  )
}
