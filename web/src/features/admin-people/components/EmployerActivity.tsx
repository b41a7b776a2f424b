/**
 * The lower half of an employer's page, each section its own read: their jobs (linking to the
 * agency-wide jobs list filtered to them), the decisions taken on their account (its stream in the
 * audit trail, newest first) and what they did lately (events they made).
 */
import { Link } from 'react-router'
import { LoadFailed } from '../../../components/ui/Alert'
import { CardSection } from '../../../components/ui/Card'
import { EmptyState } from '../../../components/ui/EmptyState'
import { Skeleton } from '../../../components/ui/Skeleton'
import { Table, type Column } from '../../../components/ui/Table'
import { ApiError } from '../../../lib/api'
import { formatDate } from '../../../lib/format'
import { AuditEventItem, eventQuote, jobPostedText, JobStatusCell, Time } from '../../admin'
import { useAccountDecisions } from '../api/get-account-history'
import { useActorEvents } from '../api/get-actor-events'
import { useEmployerJobs } from '../api/get-employer-jobs'
import type { EmployerJobRow } from '../types'

/** How many of their jobs the page lists; the jobs screen has the rest. */
export const JOBS_SHOWN = 10

const JOB_COLUMNS: Column<EmployerJobRow>[] = [
  {
    key: 'job',
    header: 'Job',
    // the job's own record history: what it said and when, as the audit trail keeps it
    cell: (j) => (
      <span className="adm-cell-stack">
        <Link to={`/dashboard/audit/streams/job-${encodeURIComponent(j.id)}`}>
          <strong>{j.title}</strong>
        </Link>
        {j.location ? <span className="ws-muted ws-small">{j.location}</span> : null}
      </span>
    ),
  },
  { key: 'status', header: 'Status', cell: (j) => <JobStatusCell job={j} className="adm-cell-stack" /> },
  {
    key: 'posted',
    header: 'Posted',
    cell: (j) => (j.posted_at && j.status !== 'draft' ? formatDate(j.posted_at) : <span className="ws-muted">{jobPostedText(j)}</span>),
  },
  { key: 'apps', header: 'Applications', align: 'end', cell: (j) => j.applications },
]

function Loading({ what }: { what: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={`Loading ${what}`}>
      <Skeleton lines={4} />
    </div>
  )
}

export function EmployerJobs({ employerId }: { employerId: string }) {
  const jobs = useEmployerJobs(employerId)
  const list = jobs.data ?? []
  return (
    <CardSection id="emp-jobs" title="Jobs" className="adm-stack-sm">
      {jobs.isPending ? (
        <Loading what="their jobs" />
      ) : jobs.isError ? (
        <LoadFailed error={jobs.error} what="their jobs" onRetry={() => jobs.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title="No jobs yet" icon="briefcase">
          <p>They have not drafted or posted a job.</p>
        </EmptyState>
      ) : (
        <>
          <p className="ws-muted">
            {list.length > JOBS_SHOWN ? `The newest ${JOBS_SHOWN} of their ${list.length} jobs.` : list.length === 1 ? '1 job.' : `${list.length} jobs, newest first.`}
          </p>
          <Table caption="Their jobs" columns={JOB_COLUMNS} rows={list.slice(0, JOBS_SHOWN)} rowKey={(j) => j.id} />
          <p>
            <Link to={`/dashboard/jobs?employer=${encodeURIComponent(employerId)}`}>See their jobs in Jobs across clients</Link>
          </p>
        </>
      )}
    </CardSection>
  )
}

export function EmployerHistory({ employerId }: { employerId: string }) {
  const history = useAccountDecisions(employerId)
  // nothing recorded under the account yet is a 404 from the stream: no history, not a failure
  const none = history.isError && history.error instanceof ApiError && history.error.status === 404
  const events = history.data ?? []
  return (
    <CardSection id="emp-history" title="History" className="adm-stack-sm">
      {history.isPending ? (
        <Loading what="the account’s history" />
      ) : history.isError && !none ? (
        <LoadFailed error={history.error} what="the account’s history" onRetry={() => history.refetch()} />
      ) : events.length === 0 ? (
        <EmptyState title="No decisions yet" icon="clock">
          <p>Sign-up, approval, rejection, suspension and reinstatement will show here.</p>
        </EmptyState>
      ) : (
        <ol className="adm-timeline" aria-label="Decisions on the account, newest first">
          {events.map((e) => {
            // the reason they were sent, or for an approval what was checked
            const quote = eventQuote(e)
            return (
              <li key={e.position}>
                <span>{e.summary}</span>
                {quote ? (
                  <span className="adm-reason">
                    {quote.label}: {quote.text}
                  </span>
                ) : null}
                <span className="ws-muted ws-small">
                  <Time iso={e.recorded_at} />
                </span>
              </li>
            )
          })}
        </ol>
      )}
      <p>
        <Link to={`/dashboard/audit/streams/${encodeURIComponent(`account-${employerId}`)}`}>See the full record history</Link>
      </p>
    </CardSection>
  )
}

export function EmployerRecentActivity({ employerId }: { employerId: string }) {
  const events = useActorEvents(employerId)
  const list = events.data ?? []
  return (
    <CardSection id="emp-activity" title="Recent activity" className="adm-stack-sm">
      {events.isPending ? (
        <Loading what="their recent activity" />
      ) : events.isError ? (
        <LoadFailed error={events.error} what="their recent activity" onRetry={() => events.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title="Nothing yet" icon="clock">
          <p>What they do while signed in, such as posting a job or moving an applicant, will show here.</p>
        </EmptyState>
      ) : (
        <ol className="ops-events" aria-label="Their recent actions, newest first">
          {list.map((e) => (
            <AuditEventItem key={e.position} event={e} relative actorLink={false} />
          ))}
        </ol>
      )}
      <p>
        <Link to={`/dashboard/audit?actor=${encodeURIComponent(employerId)}`}>See everything they did in the audit trail</Link>
      </p>
    </CardSection>
  )
}
