/** An employer's status as the employers list and its page show it; an erased one reads "Erased". */
import { Badge, type BadgeTone } from '../../../components/ui/Badge'
import { isErasedEmployer } from '../model/employer'
import { employerStatusLabel } from '../model/employerFilters'
import type { AdminEmployer } from '../types'

const TONES: Record<string, BadgeTone> = { pending: 'warning', active: 'success', suspended: 'danger', rejected: 'neutral' }

export function EmployerStatusBadge({ employer: e }: { employer: AdminEmployer }) {
  return isErasedEmployer(e) ? <Badge tone="neutral">Erased</Badge> : <Badge tone={TONES[e.status] ?? 'neutral'}>{employerStatusLabel(e.status)}</Badge>
}
