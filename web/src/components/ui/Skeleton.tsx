/** Grey placeholders in the shape of content that is loading; hidden from screen readers (the region says aria-busy). */
type Props = { lines?: number; height?: string; width?: string; shape?: 'text' | 'block' | 'circle' }

export function Skeleton({ lines = 1, height, width, shape = 'text' }: Props) {
  if (shape !== 'text') {
    return <span className={`skeleton skeleton-${shape}`} style={{ height, width }} aria-hidden="true" />
  }
  return (
    <span className="skeleton-lines" aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="skeleton skeleton-text" style={{ width: i === lines - 1 && lines > 1 ? '60%' : width, height }} />
      ))}
    </span>
  )
}

/** A card-shaped placeholder for lists of cards (jobs, applications, documents). */
export function SkeletonCard() {
  return (
    <div className="card skeleton-card" aria-hidden="true">
      <Skeleton height="1.25rem" width="55%" />
      <Skeleton lines={2} />
    </div>
  )
}

/** A chart-sized placeholder in a card, for the Suspense fallback of a lazily loaded chart. */
export function SkeletonChart() {
  return (
    <div className="card">
      <Skeleton shape="block" height="260px" width="100%" />
    </div>
  )
}

/** A screen's list while it loads: a column of card placeholders in a status region that names what
 *  is loading ("Loading employers"), for screen readers, as the placeholders themselves are hidden. */
export function SkeletonStack({ cards = 2, what }: { cards?: number; what?: string }) {
  const label = what ? `Loading ${what}` : 'Loading'
  return (
    <div className="ws-stack" role="status" aria-busy="true" aria-label={label}>
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: cards }, (_, i) => (
        <SkeletonCard key={i} />
      ))}
    </div>
  )
}
