/** The bands of a public page below its hero: a section with its container and centred header, a column of copy, a ticked list. */
import type { ReactNode } from 'react'

type SectionProps = {
  /** the id of the h2 that names the section: the header's, or one a column of the children renders */
  labelledBy: string
  eyebrow?: string
  /** with a title, the section opens with the centred header (eyebrow, h2, intro) */
  title?: ReactNode
  intro?: ReactNode
  /** the title is for screen readers only: a visually hidden h2 in place of the header */
  hideTitle?: boolean
  tone?: 'alt' | 'tinted'
  /** more classes for the container: a layout ('split', 'grid grid-2') or the page's own */
  layout?: string
  children: ReactNode
}

export function Section({ labelledBy, eyebrow, title, intro, hideTitle = false, tone, layout, children }: SectionProps) {
  return (
    <section className={tone ? `section section-${tone}` : 'section'} aria-labelledby={labelledBy}>
      <div className={layout ? `container ${layout}` : 'container'}>
        {title && hideTitle ? (
          <h2 id={labelledBy} className="visually-hidden">
            {title}
          </h2>
        ) : title ? (
          <div className="section-header">
            {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
            <h2 id={labelledBy}>{title}</h2>
            {intro ? <p>{intro}</p> : null}
          </div>
        ) : null}
        {children}
      </div>
    </section>
  )
}

/** A column of copy in a split section: eyebrow, h2, then its paragraphs and buttons. */
export function SectionText({ id, eyebrow, title, children }: { id?: string; eyebrow?: string; title: ReactNode; children: ReactNode }) {
  return (
    <div>
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h2 id={id}>{title}</h2>
      {children}
    </div>
  )
}

/** A list with a tick before each line. */
export function CheckList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={className ? `check-list ${className}` : 'check-list'}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  )
}
