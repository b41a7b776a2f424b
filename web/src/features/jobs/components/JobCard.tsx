/**
 * One job on the public board: preview, Read More / Show Less and Apply Now, its one primary action
 * (for a signed-in candidate who has applied, when they did and a link to it: ApplyNowLink).
 * The whole card is the link to the job page, the accessible "stretched link": the title is the
 * only link to it, and its ::after covers the card, so a screen reader hears one link with the
 * job's name rather than a card-sized link wrapping buttons. Every other button or link on the card
 * (Read More, Apply Now, and any icon action added beside the title) sits above that cover
 * (jobs.css). Type and salary are chips; the date is relative ("2 days ago"). The link carries the
 * board's search in its history state, so the job page's "Back" returns to it (model/returnToSearch).
 */
import { Link, useLocation } from 'react-router'
import { formatPostedAge } from '../../../lib/format'
import { salaryText, type Job } from '../types'
import { boardReturnState } from '../model/returnToSearch'
import { formatDate } from './formatDate'
import { SaveJobButton } from '../../saved-jobs'
import { ApplyNowLink } from './ApplyNowLink'
import { JobDescription } from './JobDescription'

type JobCardProps = { job: Job; expanded: boolean; onToggle: () => void }

export function JobCard({ job, expanded, onToggle }: JobCardProps) {
  const detailsId = `job-details-${job.id}`
  const location = useLocation()
  return (
    <article className="job-card card card-cover">
      <header className="job-card-header">
        <div>
          <h3>
            <Link to={`/jobs/${job.id}`} state={boardReturnState(location)}>{job.title}</Link>
          </h3>
          <p className="job-company">{job.company}</p>
        </div>
        <SaveJobButton jobId={job.id} jobTitle={job.title} />
      </header>
      <ul className="job-meta" aria-label="Job details">
        <li>
          <span className="job-meta-label">Location:</span> {job.location}
        </li>
        <li>
          <span className="visually-hidden">Type: </span>
          <span className="badge badge-brand">{job.type}</span>
        </li>
        <li>
          <span className="visually-hidden">Salary: </span>
          <span className="badge badge-success">{salaryText(job)}</span>
        </li>
        {job.specialisation ? (
          <li>
            <span className="visually-hidden">Specialisation: </span>
            {job.specialisation}
          </li>
        ) : null}
        {job.created_at ? (
          <li>
            Posted <time dateTime={job.created_at} title={formatDate(job.created_at)}>{formatPostedAge(job.created_at)}</time>
          </li>
        ) : null}
      </ul>
      <div id={detailsId} className="job-description">
        <JobDescription job={job} expanded={expanded} />
      </div>
      <div className="job-card-actions">
        <ApplyNowLink jobId={job.id} className="btn btn-primary btn-sm" />
        <button type="button" className="btn btn-outline btn-sm" aria-expanded={expanded} aria-controls={detailsId} onClick={onToggle}>
          {expanded ? 'Show Less' : 'Read More'}
        </button>
      </div>
    </article>
  )
}
