/** Page buttons following the SPEC 9 rule (see lib/pagination). */
import { hasNextPage, hasPreviousPage, paginationItems } from '../../lib/pagination'

type PaginationProps = { current: number; total: number; onChange: (page: number) => void; label?: string }

export function Pagination({ current, total, onChange, label = 'Pagination' }: PaginationProps) {
  if (total <= 1) return null
  return (
    <nav aria-label={label}>
      <ul className="pagination">
        {hasPreviousPage(current) ? (
          <li>
            <button type="button" onClick={() => onChange(current - 1)}>
              Previous
            </button>
          </li>
        ) : null}
        {paginationItems(current, total).map((item, i) =>
          item === 'ellipsis' ? (
            <li key={`gap-${i}`} className="ellipsis" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                aria-current={item === current ? 'page' : undefined}
                aria-label={`Page ${item}`}
                onClick={() => onChange(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
        {hasNextPage(current, total) ? (
          <li>
            <button type="button" onClick={() => onChange(current + 1)}>
              Next
            </button>
          </li>
        ) : null}
      </ul>
    </nav>
  )
}
