/** A job's status as a chip: Draft, Open, Closed or Expired. */
import { Badge, type BadgeTone } from '../../../components/ui/Badge'

const TONES: Record<string, { tone: BadgeTone; label: string }> = {
  draft: { tone: 'neutral', label: 'Draft' },
  open: { tone: 'success', label: 'Open' },
  closed: { tone: 'danger', label: 'Closed' },
  expired: { tone: 'warning', label: 'Expired' },
}

export function JobStatusBadge({ status }: { status: string }) {
  const t = TONES[status] ?? { tone: 'neutral' as const, label: status }
  return <Badge tone={t.tone}>{t.label}</Badge>
}
