/**
 * The candidate's other applications to this employer, on their applicant page: a hiring manager
 * weighing them for one job sees where they stand for the others, as Greenhouse and Lever show a
 * candidate's other jobs. The server leaves the list empty once the candidate's data is erased.
 */
import { Link } from 'react-router'
import { Badge } from '../../../components/ui/Badge'
import { formatDate } from '../../../lib/format'
import { STAGE_LABELS, STAGE_TONES } from '../model/stages'
import type { OtherApplication } from '../types'

export function AlsoApplied({ others }: { others: OtherApplication[] }) {
  if (others.length === 0) return null
  return (
    <div className="emp-also">
      <h3 className="ws-subtitle">Also applied for</h3>
      <ul className="emp-also-list">
        {others.map((o) => (
          <li key={o.id}>
            <Link to={`/dashboard/applicants/${o.id}`}>{o.job_title}</Link>{' '}
            <Badge tone={STAGE_TONES[o.stage]}>{STAGE_LABELS[o.stage]}</Badge>
            <span className="ws-muted ws-small">
              {' '}
              · applied {formatDate(o.created_at)}
              {o.withdrawn_at ? ', withdrawn' : ''}
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}
