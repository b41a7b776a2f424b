/** /dashboard: the employer's jobs with status, closing date, applicants per stage and what can be done with each. */
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { LoadFailed } from '../../../components/ui/Alert'
import { Button, buttonClass } from '../../../components/ui/Button'
import { Card } from '../../../components/ui/Card'
import { EmptyState } from '../../../components/ui/EmptyState'
import { Field } from '../../../components/ui/Field'
import { Modal, ModalFormActions } from '../../../components/ui/Modal'
import { SkeletonStack } from '../../../components/ui/Skeleton'
import { useToast } from '../../../components/ui/toast'
import { formatDate } from '../../../lib/format'
import { serverMessageOr } from '../../../lib/server-message'
import { useCloseJob } from '../api/close-job'
import { useDuplicateJob } from '../api/duplicate-job'
import { useExtendJob } from '../api/extend-job'
import { useEmployerJobs } from '../api/get-jobs'
import { usePublishJob } from '../api/publish-job'
import { useReopenJob } from '../api/reopen-job'
import { closingInstant, jobActions } from '../model/jobForm'
import type { EmployerJob } from '../types'
import { JobStatusBadge } from './JobStatusBadge'
import { StageCountsBar } from './StageCountsBar'
import { useWorkspaceTitle } from './workspaceTitle'

type DateDialog = { job: EmployerJob; kind: 'extend' | 'reopen' }

export default function JobsPage() {
  useWorkspaceTitle('Jobs')
  const jobs = useEmployerJobs()
  const [dialog, setDialog] = useState<DateDialog | null>(null)

  if (jobs.isPending) {
    return (
      <SkeletonStack what="your jobs" />
    )
  }
  if (jobs.isError) {
    return <LoadFailed error={jobs.error} what="your jobs" onRetry={() => jobs.refetch()} />
  }
  const list = jobs.data
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
      {list.length === 0 ? (
        <EmptyState
          title="No jobs yet"
          icon="briefcase"
          headingLevel={2}
          action={
            <Link to="/dashboard/jobs/new" className={buttonClass('primary')}>
              Post your first job
            </Link>
          }
        >
          <p>Post a role and applicants will appear here, stage by stage, as they apply.</p>
        </EmptyState>
      ) : (
        <ul className="ws-card-list">
          {list.map((job) => (
            <JobRow key={job.id} job={job} onDate={(kind) => setDialog({ job, kind })} />
          ))}
        </ul>
      )}
      {dialog ? <ClosingDateDialog {...dialog} onClose={() => setDialog(null)} /> : null}
    </div>
  )
}

function JobRow({ job, onDate }: { job: EmployerJob; onDate: (kind: 'extend' | 'reopen') => void }) {
  const { push } = useToast()
  const navigate = useNavigate()
  const publish = usePublishJob()
  const close = useCloseJob()
  const duplicate = useDuplicateJob()
  const actions = jobActions(job.status)
  const fail = (title: string) => (err: unknown) => push({ kind: 'error', title, message: serverMessageOr(err, 'Please try again.') })

  return (
    <Card as="li" className="emp-job">
      <div className="emp-job-head">
        <h2 className="emp-job-title">
          <Link to={`/dashboard/jobs/${job.id}`}>{job.title}</Link>
        </h2>
        <JobStatusBadge status={job.status} />
      </div>
      <p className="ws-muted emp-job-meta">
        {[job.location, job.type, job.expires_at ? `Closes ${formatDate(job.expires_at)}` : 'No closing date'].filter(Boolean).join(' · ')}
      </p>
      <StageCountsBar counts={job.applications} label={`Applicants for ${job.title} by stage`} />
      <div className="ws-actions">
        <Link to={`/dashboard/jobs/${job.id}`} className={buttonClass('secondary', 'sm')}>
          Applicants ({job.applications.total})
        </Link>
        <Link to={`/dashboard/jobs/${job.id}/report`} className={buttonClass('outline', 'sm')} aria-label={`Report for ${job.title}`}>
          Report
        </Link>
        {actions.includes('edit') ? (
          <Link to={`/dashboard/jobs/${job.id}/edit`} className={buttonClass('outline', 'sm')} aria-label={`Edit ${job.title}`}>
            Edit
          </Link>
        ) : null}
        {actions.includes('publish') ? (
          <Button
            size="sm"
            icon="publish"
            busy={publish.isPending}
            onClick={() =>
              publish.mutate(job.id, {
                onSuccess: () => push({ kind: 'success', title: 'Job published', message: `${job.title} is now on the job board.` }),
                onError: fail('Could not publish'),
              })
            }
          >
            Publish
          </Button>
        ) : null}
        {actions.includes('extend') ? (
          <Button size="sm" variant="outline" onClick={() => onDate('extend')}>
            Extend
          </Button>
        ) : null}
        {actions.includes('reopen') ? (
          <Button size="sm" variant="outline" icon="reopen" onClick={() => onDate('reopen')}>
            Reopen
          </Button>
        ) : null}
        {actions.includes('close') ? (
          <Button
            size="sm"
            variant="ghost"
            busy={close.isPending}
            onClick={() =>
              close.mutate(job.id, {
                onSuccess: () => push({ kind: 'success', title: 'Job closed', message: `${job.title} no longer takes applications.` }),
                onError: fail('Could not close'),
              })
            }
          >
            Close
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="ghost"
          icon="copy"
          aria-label={`Duplicate ${job.title}`}
          busy={duplicate.isPending}
          onClick={() =>
            duplicate.mutate(job.id, {
              onSuccess: (res) => {
                push({ kind: 'success', title: 'Draft created', message: res.message ?? 'A copy of the job is saved as a draft.' })
                navigate(`/dashboard/jobs/${res.id}/edit`)
              },
              onError: fail('Could not duplicate'),
            })
          }
        >
          Duplicate
        </Button>
      </div>
    </Card>
  )
}

function ClosingDateDialog({ job, kind, onClose }: DateDialog & { onClose: () => void }) {
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
          {job.expires_at ? `It closes ${formatDate(job.expires_at)} at present.` : 'It has no closing date at present.'}{' '}
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
