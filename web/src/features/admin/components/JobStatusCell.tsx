import { Badge } from '../../../components/ui/Badge'
import { jobStatusLabel, jobStatusTone } from '../model/stages'

type Job = { status: string; closed_by_agency: boolean; closed_reason?: string | null }

/** A job listing's status in a table cell: its badge, whether the agency closed it, and (where asked for) why. */
export function JobStatusCell({ job, className, reason = false }: { job: Job; className: string; reason?: boolean }) {
  return (
    <span className={className}>
      <Badge tone={jobStatusTone(job.status)}>{jobStatusLabel(job.status)}</Badge>
      {job.closed_by_agency ? <span className="ws-small ws-muted">Closed by the agency</span> : null}
      {reason && job.closed_reason ? <p className="ops-reason">Reason: {job.closed_reason}</p> : null}
    </span>
  )
}
