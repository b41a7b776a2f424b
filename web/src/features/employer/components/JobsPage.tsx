/**
 * /dashboard: the employer's jobs as one dense table (status, dates, applicants per stage, a
 * primary action and a More menu per row), with a title search and an Open / Draft / Closed
 * filter that live in the address (?q=&status=). Above them, once any interview is booked, what
 * is coming up next (ComingUp).
 */
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { LoadFailed } from '../../../components/ui/Alert'
import { Button, buttonClass } from '../../../components/ui/Button'
import { EmptyState } from '../../../components/ui/EmptyState'
import { Field } from '../../../components/ui/Field'
import { Modal, ModalFormActions } from '../../../components/ui/Modal'
import { SearchField, SearchForm } from '../../../components/ui/SearchForm'
import { SkeletonStack } from '../../../components/ui/Skeleton'
import { useToast } from '../../../components/ui/toast'
import { formatClosingDate } from '../../../lib/format'
import { serverMessageOr } from '../../../lib/server-message'
import { useExtendJob } from '../api/extend-job'
import { useEmployerJobs } from '../api/get-jobs'
import { useReopenJob } from '../api/reopen-job'
import { closingInstant } from '../model/jobForm'
import { filterJobs, groupCounts, JOB_GROUP_LABELS, JOB_GROUPS, jobListParams, parseJobGroup } from '../model/jobList'
import type { EmployerJob } from '../types'
import { CloseJobDialog } from './CloseJobDialog'
import { ComingUp } from './ComingUp'
import { JobsTable, type JobDialog } from './JobsTable'
import { WorkspaceEmpty } from './WorkspaceEmpty'
import { useWorkspaceTitle } from './workspaceTitle'

export default function JobsPage() {
  useWorkspaceTitle('Jobs')
  const jobs = useEmployerJobs()
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const group = parseJobGroup(params.get('status'))
  const [dialog, setDialog] = useState<JobDialog | null>(null)

  if (jobs.isPending) {
    return <SkeletonStack what="your jobs" />
  }
  if (jobs.isError) {
    return <LoadFailed error={jobs.error} what="your jobs" onRetry={() => jobs.refetch()} />
  }
  const list = jobs.data
  // the filter's counts are of the jobs the search finds, so each says what choosing it shows
  const counts = groupCounts(filterJobs(list, q, 'all'))
  const shown = filterJobs(list, q, group)
  const show = (nextQ: string, nextGroup = group) => setParams(jobListParams(nextQ, nextGroup), { replace: true })
  return (
    <div className="ws-stack">
      <div className="ws-toolbar">
        <p className="ws-muted">
          {list.length === 1 ? '1 job' : `${list.length} jobs`} · {list.reduce((n, j) => n + (j.applications?.total ?? 0), 0)} applicants in all
        </p>
        <Link to="/dashboard/jobs/new" className={buttonClass('primary')}>
          Post a job
        </Link>
      </div>
      <ComingUp />
      {list.length === 0 ? (
        <WorkspaceEmpty title="No jobs yet" icon="briefcase" to="/dashboard/jobs/new" label="Post your first job" variant="primary">
          <p>Post a role and applicants will appear here, stage by stage, as they apply.</p>
        </WorkspaceEmpty>
      ) : (
        <>
          <SearchForm className="emp-jobs-filters" label="Find a job">
            <SearchField label="Search jobs" value={q} placeholder="Job title" onChange={(text) => show(text)} />
            <div className="emp-segmented" role="group" aria-label="Show jobs">
              {JOB_GROUPS.map((g) => (
                <button key={g} type="button" className="emp-segment" aria-pressed={group === g} onClick={() => show(q, g)}>
                  {JOB_GROUP_LABELS[g]} <span className="emp-segment-count">{counts[g]}</span>
                </button>
              ))}
            </div>
          </SearchForm>
          <p className="visually-hidden" role="status">
            {shown.length === 1 ? '1 job shown' : `${shown.length} jobs shown`}
          </p>
          {shown.length === 0 ? (
            <EmptyState
              title="No jobs match"
              icon="search"
              headingLevel={2}
              action={
                <Button variant="outline" onClick={() => show('', 'all')}>
                  Show every job
                </Button>
              }
            >
              <p>{q.trim() ? `No ${group === 'all' ? '' : `${JOB_GROUP_LABELS[group].toLowerCase()} `}job has “${q.trim()}” in its title.` : `You have no ${JOB_GROUP_LABELS[group].toLowerCase()} jobs.`}</p>
            </EmptyState>
          ) : (
            <JobsTable jobs={shown} onDialog={setDialog} />
          )}
        </>
      )}
      {dialog?.kind === 'close' ? (
        <CloseJobDialog job={dialog.job} onClose={() => setDialog(null)} />
      ) : dialog ? (
        <ClosingDateDialog job={dialog.job} kind={dialog.kind} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  )
}

function ClosingDateDialog({ job, kind, onClose }: { job: EmployerJob; kind: 'extend' | 'reopen'; onClose: () => void }) {
  const { push } = useToast()
  const extend = useExtendJob()
  const reopen = useReopenJob()
  const [day, setDay] = useState('')
  const [error, setError] = useState<string | null>(null)
  const busy = extend.isPending || reopen.isPending
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    setError(null)
    const expires_at = day ? closingInstant(day) : undefined
    const done = {
      onSuccess: () => {
        push({ kind: 'success', title: kind === 'extend' ? 'Closing date extended' : 'Job reopened', message: job.title })
        onClose()
      },
      onError: (err: unknown) => setError(serverMessageOr(err, 'Please try again.')),
    }
    if (kind === 'extend') {
      if (!expires_at) return setError('Choose the new closing date')
      extend.mutate({ id: job.id, expires_at }, done)
    } else {
      reopen.mutate({ id: job.id, expires_at }, done)
    }
  }
  return (
    <Modal title={kind === 'extend' ? `Extend ${job.title}` : `Reopen ${job.title}`} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p className="ws-muted">
          {job.expires_at ? `It closes ${formatClosingDate(job.expires_at)} at present.` : 'It has no closing date at present.'}{' '}
          Applications close at the end of the chosen day, Sydney time.
        </p>
        <Field label={kind === 'extend' ? 'New closing date' : 'New closing date (optional if the current one is still ahead)'} error={error}>
          {(p) => <input {...p} className="input" type="date" value={day} onChange={(e) => setDay(e.target.value)} />}
        </Field>
        <ModalFormActions onCancel={onClose} submitLabel={kind === 'extend' ? 'Extend' : 'Reopen job'} busy={busy} />
      </form>
    </Modal>
  )
}
