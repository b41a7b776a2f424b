/**
 * One job in the portal's Browse Jobs: the same card as the public board's in what it holds and
 * does (SPEC 2.5 calls its toggle See More), with Apply Now its one primary action and the whole
 * card a link to the job page (the title's ::after covers it; the buttons sit above, see
 * dashboard.css .cd-job-card). A job with 24 hours or less left, which the public board no longer
 * lists, says how long is left. One applied for says so, or says Withdrawn once the candidate took
 * the application back (applying again is refused, so there is no Apply Now then either).
 */
import { useId } from 'react'
import { Link } from 'react-router'
import { Badge } from '../../../components/ui/Badge'
import { Button } from '../../../components/ui/Button'
import { formatClosingDate, formatDate, formatPostedAge } from '../../../lib/format'
import { closingSoonText, hasHiddenDetails, JobDescription, salaryText, type Job } from '../../jobs'
import { SaveJobButton } from '../../saved-jobs'
import { WITHDRAWN_DISPLAY } from '../model/withdraw'

type Props = {
  job: Job
  expanded: boolean
  applied: boolean
  /** the candidate's application for it is withdrawn (`withdrawn_at` set) */
  withdrawn?: boolean
  /** hours left when 24 or fewer remain, else null */
  hoursLeft: number | null
  onToggle: () => void
  onApply: () => void
}

export function PortalJobCard({ job, expanded, applied, withdrawn = false, hoursLeft, onToggle, onApply }: Props) {
  // the same job can show twice (on top as the one being applied for, and in the list): ids stay apart
  const detailsId = `portal-job-${useId()}`
  const hasApplied = applied || withdrawn
  return (
    <li className="cd-card cd-job-card card-cover">
      <div className="cd-card-head">
        <div className="cd-job-title">
          <h3>
            <Link to={`/jobs/${job.id}`}>{job.title}</Link>
          </h3>
          <p className="cd-muted">
            {job.company} · {job.location} · {job.type}
            {job.specialisation ? ` · ${job.specialisation}` : ''}
          </p>
        </div>
        {hasApplied || hoursLeft != null ? (
          <div className="cd-job-badges">
            {hoursLeft != null ? (
              <Badge tone="warning" icon="clock">
                {closingSoonText(hoursLeft)}
              </Badge>
            ) : null}
            {withdrawn ? (
              <Badge tone={WITHDRAWN_DISPLAY.tone} icon={WITHDRAWN_DISPLAY.icon}>
                {WITHDRAWN_DISPLAY.label}
              </Badge>
            ) : applied ? (
              <Badge tone="success" icon="check">
                Applied
              </Badge>
            ) : null}
          </div>
        ) : null}
      </div>
      <p className="cd-salary">{salaryText(job)}</p>
      <div id={detailsId}>
        <JobDescription job={job} expanded={expanded} />
      </div>
      <p className="cd-muted cd-small">
        Posted{' '}
        <time dateTime={job.created_at} title={formatDate(job.created_at)}>
          {formatPostedAge(job.created_at)}
        </time>
        {job.expires_at ? ` · Apply by ${formatClosingDate(job.expires_at)}` : ''}
      </p>
      <div className="cd-card-actions">
        <Button size="sm" disabled={hasApplied} onClick={onApply} aria-label={hasApplied ? undefined : `Apply Now for ${job.title}`}>
          {withdrawn ? WITHDRAWN_DISPLAY.label : applied ? 'Applied Successfully' : 'Apply Now'}
        </Button>
        {hasHiddenDetails(job) ? (
          <Button variant="ghost" size="sm" aria-expanded={expanded} aria-controls={detailsId} onClick={onToggle}>
            {expanded ? 'Show Less' : 'See More'}
          </Button>
        ) : null}
        <SaveJobButton jobId={String(job.id)} jobTitle={job.title} />
      </div>
    </li>
  )
}
