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
