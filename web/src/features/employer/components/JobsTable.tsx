/**
 * The jobs table: a row per job with its title (to its applicants), status, where and what,
 * posted and closing dates, applicants per stage, one primary action and a More menu. Under
 * 640 px each row is a compact card (title and status, one line of facts, the counts, the
 * actions), so nothing scrolls sideways.
 */
import { Link, useNavigate } from 'react-router'
import { Button, buttonClass } from '../../../components/ui/Button'
import { useToast } from '../../../components/ui/toast'
import { formatClosingDate, formatDate } from '../../../lib/format'
import { serverMessageOr } from '../../../lib/server-message'
import { useDuplicateJob } from '../api/duplicate-job'
import { usePublishJob } from '../api/publish-job'
import { jobActions } from '../model/jobForm'
import { primaryJobAction } from '../model/jobList'
import type { EmployerJob } from '../types'
import { ActionMenu, type MenuAction } from './ActionMenu'
import { JobStatusBadge } from './JobStatusBadge'
import { StageCountsBar } from './StageCountsBar'

/** A row's action that asks first, in a dialog the page shows: a new closing date, or closing the job. */
export type JobDialog = { job: EmployerJob; kind: 'extend' | 'reopen' | 'close' }

type Props = { jobs: EmployerJob[]; onDialog: (d: JobDialog) => void }

export function JobsTable({ jobs, onDialog }: Props) {
  return (
    <div className="table-wrap emp-jobs">
      <table className="table emp-jobs-table">
        <caption className="visually-hidden">Your jobs</caption>
        <thead>
          <tr>
            <th scope="col">Job</th>
            <th scope="col">Status</th>
            <th scope="col">Posted · closes</th>
            <th scope="col">Applicants by stage</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => (
            <JobRow key={job.id} job={job} onDialog={(kind) => onDialog({ job, kind })} />
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** "Posted 3 Nov 2026" (a draft: "Drafted …") and when it closes, or closed. */
function dates(job: EmployerJob): [string, string] {
  const posted = `${job.status === 'draft' ? 'Drafted' : 'Posted'} ${formatDate(job.created_at)}`
  if (job.status === 'closed') return [posted, 'Closed']
  if (!job.expires_at) return [posted, 'No closing date']
  return [posted, `${job.status === 'expired' ? 'Closed' : 'Closes'} ${formatClosingDate(job.expires_at)}`]
}

function JobRow({ job, onDialog }: { job: EmployerJob; onDialog: (kind: JobDialog['kind']) => void }) {
  const { push } = useToast()
  const navigate = useNavigate()
  const publish = usePublishJob()
  const duplicate = useDuplicateJob()
  const actions = jobActions(job.status)
  const primary = primaryJobAction(job.status)
  const fail = (title: string) => (err: unknown) => push({ kind: 'error', title, message: serverMessageOr(err, 'Please try again.') })
  const pipeline = `/dashboard/jobs/${job.id}`
  const [posted, closes] = dates(job)

  const doPublish = () =>
    publish.mutate(job.id, {
      onSuccess: () => push({ kind: 'success', title: 'Job published', message: `${job.title} is now on the job board.` }),
      onError: fail('Could not publish'),
    })
  const more: MenuAction[] = [
    ...(primary === 'applicants' ? [] : [{ label: 'Applicants', to: pipeline }]),
    ...(actions.includes('edit') ? [{ label: 'Edit', to: `${pipeline}/edit` }] : []),
    { label: 'Report', to: `${pipeline}/report` },
    ...(actions.includes('extend') ? [{ label: 'Extend closing date', onSelect: () => onDialog('extend') }] : []),
    {
      label: 'Duplicate',
      onSelect: () =>
        duplicate.mutate(job.id, {
          onSuccess: (res) => {
            push({ kind: 'success', title: 'Draft created', message: res.message ?? 'A copy of the job is saved as a draft.' })
            navigate(`/dashboard/jobs/${res.id}/edit`)
          },
          onError: fail('Could not duplicate'),
        }),
    },
    // closing takes the job off the board at once, so it asks first
    ...(actions.includes('close') ? [{ label: 'Close job', danger: true, onSelect: () => onDialog('close') }] : []),
  ]

  return (
    <tr className="emp-jobs-row">
      <td className="emp-jobs-title">
        <Link to={pipeline} className="emp-jobs-link" title={job.title}>
          {job.title}
        </Link>
        <span className="ws-muted emp-jobs-where">{[job.location, job.type].filter(Boolean).join(' · ')}</span>
      </td>
      <td className="emp-jobs-status">
        <JobStatusBadge status={job.status} />
      </td>
      <td className="emp-jobs-dates">
        <span>{posted}</span>
        <span className="ws-muted">{closes}</span>
      </td>
      <td className="emp-jobs-counts">
        <StageCountsBar compact counts={job.applications} label={`Applicants for ${job.title} by stage`} />
        <span className="ws-muted emp-jobs-total">
          {job.applications.total} in all{job.applications.rejected ? `, ${job.applications.rejected} not progressed` : ''}
        </span>
      </td>
      <td className="emp-jobs-actions">
        <div className="emp-jobs-buttons">
          {primary === 'publish' ? (
            <Button size="sm" icon="publish" busy={publish.isPending} onClick={doPublish} aria-label={`Publish ${job.title}`}>
              Publish
            </Button>
          ) : primary === 'applicants' ? (
            <Link to={pipeline} className={buttonClass('outline', 'sm')} aria-label={`Applicants for ${job.title} (${job.applications.total})`}>
              Applicants
            </Link>
          ) : (
            <Button size="sm" variant="outline" icon="reopen" onClick={() => onDialog('reopen')} aria-label={`Reopen ${job.title}`}>
              Reopen
            </Button>
          )}
          <ActionMenu label={`More actions for ${job.title}`} actions={more} />
        </div>
      </td>
    </tr>
  )
}
