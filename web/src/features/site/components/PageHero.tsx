/** The dark banner at the top of most public pages; holds the page's only h1. */
import type { ReactNode } from 'react'

type PageHeroProps = {
  eyebrow?: string
  title: ReactNode
  lead?: ReactNode
  children?: ReactNode
  center?: boolean
}

export function PageHero({ eyebrow, title, lead, children, center = false }: PageHeroProps) {
  return (
    <section className={`page-hero${center ? ' center' : ''}`}>
      <div className="container">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1>{title}</h1>
        {lead ? <p className="lead">{lead}</p> : null}
        {children}
      </div>
    </section>
  )
}
