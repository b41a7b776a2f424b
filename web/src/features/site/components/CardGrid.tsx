/** A grid of titled cards, optionally with tags (feature chips). */
import { IconBadge } from './IconBadge'

export type CardItem = { title: string; text: string; tags?: string[]; badge?: string }

/** columns: 2, 3 or 4, the widths the grid-N classes lay out */
export function CardGrid({ items, columns = 3 }: { items: readonly CardItem[]; columns?: number }) {
  return (
    <ul className={`grid grid-${columns} card-list`}>
      {items.map((c) => (
        <li key={c.title} className="card">
          {c.badge ? (
            <IconBadge>{c.badge}</IconBadge>
          ) : null}
          <h3>{c.title}</h3>
          <p>{c.text}</p>
          {c.tags?.length ? (
            <ul className="tag-list" aria-label={`${c.title} features`}>
              {c.tags.map((t) => (
                <li key={t} className="tag">
                  {t}
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
