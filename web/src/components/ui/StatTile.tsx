/** One number on a workspace's overview or report: the value large, what it counts under it, an optional note. */
import { Card } from './Card'

type Props = { value: string; label: string; note?: string; className?: string }

export function StatTile({ value, label, note, className }: Props) {
  return (
    <Card className={className ? `ws-stat ${className}` : 'ws-stat'} padding="sm">
      <span className="ws-stat-value">{value}</span>
      <span className="ws-stat-label">{label}</span>
      {note ? <span className="ws-stat-note">{note}</span> : null}
    </Card>
  )
}
