/** A grid of titled cards, optionally with tags (feature chips). */
import { IconBadge } from './IconBadge'

export type CardItem = { title: string; text: string; tags?: string[]; badge?: string }

/** the widths the grid-N classes lay out */
export const GRID_COLUMNS = [2, 3, 4] as const
export type GridColumns = (typeof GRID_COLUMNS)[number]

export function CardGrid({ items, columns = 3 }: { items: readonly CardItem[]; columns?: GridColumns }) {
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
