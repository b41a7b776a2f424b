/** The dark banner at the top of most public pages; holds the page's only h1. */
import type { ReactNode } from 'react'
import { LinkButtons, type LinkButton } from './LinkButtons'

type PageHeroProps = {
  eyebrow?: string
  title: ReactNode
  lead?: ReactNode
  /** link buttons under the lead, the first one primary */
  actions?: readonly LinkButton[]
  children?: ReactNode
  center?: boolean
  /** a page's own variant of the banner ('home-hero') */
  className?: string
}

export function PageHero({ eyebrow, title, lead, actions, children, center = false, className }: PageHeroProps) {
  return (
    <section className={`page-hero${center ? ' center' : ''}${className ? ` ${className}` : ''}`}>
      <div className="container">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1>{title}</h1>
        {lead ? <p className="lead">{lead}</p> : null}
        {actions ? <LinkButtons links={actions} primary="btn-primary" /> : null}
        {children}
      </div>
    </section>
  )
}
