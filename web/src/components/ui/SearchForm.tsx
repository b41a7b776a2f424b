/** A search or filter form: a search landmark whose submit runs in the page, never a page load. */
import type { CSSProperties, ReactNode } from 'react'

type Props = { label: string; className: string; style?: CSSProperties; onSearch?: () => void; children: ReactNode }

export function SearchForm({ label, className, style, onSearch, children }: Props) {
  return (
    <form
      className={className}
      style={style}
      role="search"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault()
        onSearch?.()
      }}
    >
      {children}
    </form>
  )
}
