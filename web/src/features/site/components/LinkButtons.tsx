/** A row of link buttons: the first in the primary style, the others outlined (on a dark band). */
import { Link } from 'react-router'

export type LinkButton = { to: string; label: string }

export function LinkButtons({ links, primary, className = 'btn-row' }: { links: readonly LinkButton[]; primary: 'btn-primary' | 'btn-light'; className?: string }) {
  return (
    <div className={className}>
      {links.map((l, i) => (
        <Link key={l.to} to={l.to} className={`btn ${i === 0 ? primary : 'btn-outline-light'}`}>
          {l.label}
        </Link>
      ))}
    </div>
  )
}
