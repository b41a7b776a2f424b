/**
 * One job on the public board: preview, Read More / Show Less, Apply Now and a link to its page.
 * The whole card is the link to the job page (the title link's hit area covers it); the buttons
 * sit above that area. Type and salary are chips; the date is relative ("2 days ago").
 */
import { Link } from 'react-router'
import { formatPostedAge } from '../../../lib/format'
import { salaryText, type Job } from '../types'
import { formatDate } from './formatDate'
import { SaveJobButton } from '../../saved-jobs'
import { ApplyNowLink } from './ApplyNowLink'
import { JobDescription } from './JobDescription'

type JobCardProps = { job: Job; expanded: boolean; onToggle: () => void }

export function JobCard({ job, expanded, onToggle }: JobCardProps) {
  const detailsId = `job-details-${job.id}`
  return (
    <article className="job-card card card-cover">
      <header className="job-card-header">
        <h3>
          <Link to={`/jobs/${job.id}`}>{job.title}</Link>
        </h3>
        <p className="job-company">{job.company}</p>
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
        <button type="button" className="btn btn-outline btn-sm" aria-expanded={expanded} aria-controls={detailsId} onClick={onToggle}>
          {expanded ? 'Show Less' : 'Read More'}
        </button>
        <ApplyNowLink jobId={job.id} className="btn btn-primary btn-sm" />
        <SaveJobButton jobId={job.id} jobTitle={job.title} />
        <Link to={`/jobs/${job.id}`} className="job-card-link">
          View job page<span className="visually-hidden"> for {job.title}</span>
        </Link>
      </div>
    </article>
  )
}
