/** /jobs/{id}: the full job, Apply Now while open (or the signed-in candidate's application, ApplyNowLink), and JobPosting markup only for open jobs.
 *  "Back" returns to the board's search the person came from, when the board's link carried it (model/returnToSearch). */
import { Link, useLocation, useParams } from 'react-router'
import { ApiError } from '../../../lib/api'
import { MissingPage, useDocumentTitle } from '../../site'
import { useJob } from '../api/get-job'
import { useSalaryRanges } from '../api/get-reference'
import { buildJobPosting, isJobClosed, jsonForScript } from '../model/jobPosting'
import { boardReturnPath, returnsToSearch } from '../model/returnToSearch'
import { salaryText, type Job } from '../types'
import { SaveJobButton } from '../../saved-jobs'
import { ApplyNowLink } from './ApplyNowLink'
import { formatClosingDate } from '../../../lib/format'
import { formatDate } from './formatDate'
import { JobDetailBody } from './JobDetailBody'
import '../jobs.css'

export default function JobDetailPage() {
  const { id = '' } = useParams()
  const jobQuery = useJob(id)
  const job = jobQuery.data

  if (jobQuery.isPending) {
    return (
      <div className="container section" aria-busy="true">
        <div className="spinner" aria-hidden="true" />
        <p className="page-loading">Loading job…</p>
      </div>
    )
  }
  if (jobQuery.isError || !job) {
    const notFound = jobQuery.error instanceof ApiError && jobQuery.error.status === 404
    return notFound ? <JobNotFound /> : <JobUnavailable />
  }
  return <JobDetail job={job} />
}

const BROWSE_JOBS = { to: '/jobs/find', label: 'Browse current jobs' }

function JobNotFound() {
  return <MissingPage title="Job Not Found" text="This job doesn't exist or is no longer listed." back={BROWSE_JOBS} noindex />
}

function JobUnavailable() {
  return (
    <MissingPage
      title="Job unavailable"
      heading="We couldn't load this job"
      text="Something went wrong while loading the job. Please try again shortly."
      back={BROWSE_JOBS}
    />
  )
}

function JobDetail({ job }: { job: Job }) {
  useDocumentTitle(`${job.title} at ${job.company}`)
  const { data: salaryRanges = [] } = useSalaryRanges()
  const closed = isJobClosed(job, new Date())
  const back = boardReturnPath(useLocation().state)

  return (
    <article className="job-detail">
      {closed ? null : (
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(buildJobPosting(job, salaryRanges)) }} />
      )}
      <header className="page-hero">
        <div className="container">
          <p className="eyebrow">{job.company}</p>
          <h1>{job.title}</h1>
          <ul className="tag-list job-detail-meta" aria-label="Job summary">
            <li>{job.location}</li>
            <li>{job.type}</li>
            <li>{salaryText(job)}</li>
            {job.created_at ? <li>Posted {formatDate(job.created_at)}</li> : null}
            {job.expires_at ? <li>Applications close {formatClosingDate(job.expires_at)}</li> : null}
          </ul>
          <div className="btn-row">
            {closed ? null : <ApplyNowLink jobId={job.id} className="btn btn-primary" />}
            <SaveJobButton jobId={job.id} jobTitle={job.title} withText closed={closed} onDark />
          </div>
        </div>
      </header>
      <div className="container section job-detail-body">
        {closed ? (
          <div className="alert alert-info" role="status">
            <strong>This job is closed.</strong> Applications for this role are no longer being accepted.{' '}
            <Link to="/jobs/find">See current openings</Link>.
          </div>
        ) : null}
        <JobDetailBody job={job} />
        <div className="btn-row">
          {closed ? null : (
            <ApplyNowLink jobId={job.id} className="btn btn-primary" />
          )}
          <Link to={back} className="btn btn-outline">
            {returnsToSearch(back) ? 'Back to search results' : 'Back to all jobs'}
          </Link>
        </div>
      </div>
      {closed ? null : (
        // on a phone, Apply stays in reach while the description scrolls (jobs.css)
        <div className="job-apply-bar">
          <p className="job-apply-bar-title" title={job.title}>
            {job.title}
          </p>
          <ApplyNowLink jobId={job.id} className="btn btn-primary" />
        </div>
      )}
    </article>
  )
}
