/**
 * /dashboard/jobs/{id}: a job's applicants as a board (drag and drop, or Move to…) or as a
 * filterable list (?view=list, with the list's filter); a rejection asks for feedback first.
 */
import { useSearchParams, Link, useParams } from 'react-router'
import { buttonClass } from '../../../components/ui/Button'
import { Icon } from '../../../components/ui/Icon'
import { SkeletonStack } from '../../../components/ui/Skeleton'
import { Tabs } from '../../../components/ui/Tabs'
import { ApiError } from '../../../lib/api'
import { serverMessageOr } from '../../../lib/server-message'
import { usePipeline } from '../api/get-pipeline'
import { pipelineParams, pipelineViewFromParams } from '../model/pipelineParams'
import { JobStatusBadge } from './JobStatusBadge'
import { NotLoaded } from './NotLoaded'
import { PipelineBoard } from './PipelineBoard'
import { PipelineList } from './PipelineList'
import { useMoveWithFeedback } from './RejectDialog'
import { WorkspaceEmpty } from './WorkspaceEmpty'
import { useWorkspaceTitle } from './workspaceTitle'

export default function PipelinePage() {
  const { jobId = '' } = useParams()
  const [params, setParams] = useSearchParams()
  const pipeline = usePipeline(jobId)
  const job = pipeline.data?.job
  const { requestMove: moveCard, dialog: rejectDialog } = useMoveWithFeedback(jobId, job)
  useWorkspaceTitle(job ? job.title : 'Applicants')

  if (pipeline.isPending) {
    return (
      <SkeletonStack what="the applicants" />
    )
  }
  // a failed background refresh keeps the board it already has (and its open dialogs); only a
  // first load that fails shows the error
  if (!pipeline.data || !job) {
    const missing = pipeline.error instanceof ApiError && pipeline.error.status === 404
    return (
      <NotLoaded
        title={missing ? 'We could not find that job' : 'The applicants did not load'}
        message={missing ? 'It may belong to another account, or the link is out of date.' : serverMessageOr(pipeline.error, 'Please try again shortly.')}
      />
    )
  }
  const { counts, applications } = pipeline.data
  const locked = job.status === 'closed'
  const view = pipelineViewFromParams(params)

  return (
    <div className="ws-stack">
      <div className="emp-pipeline-head">
        <Link to="/dashboard" className="ws-back">
          <Icon name="back" size={16} /> All jobs
        </Link>
        <div className="ws-toolbar">
          <p className="ws-muted">
            <JobStatusBadge status={String(job.status)} /> {job.location} · {counts.total} applicant{counts.total === 1 ? '' : 's'}
          </p>
          <div className="ws-actions">
            <Link to={`/dashboard/jobs/${job.id}/report`} className={buttonClass('outline', 'sm')}>
              Report
            </Link>
            <Link to={`/dashboard/jobs/${job.id}/edit`} className={buttonClass('outline', 'sm')}>
              Edit job
            </Link>
          </div>
        </div>
        {locked ? (
          <div className="alert alert-info" role="status">
            This job is closed, so its applicants cannot be moved. Reopen it from your jobs to carry on.
          </div>
        ) : null}
      </div>
      {counts.total === 0 ? (
        <WorkspaceEmpty title="No applicants yet" icon="user" to={`/dashboard/jobs/${job.id}/edit`} label="Review the job ad">
          <p>New applications land in the New column the moment they arrive; this page updates by itself.</p>
        </WorkspaceEmpty>
      ) : (
        <Tabs
          label="Applicant views"
          value={view}
          // the board shows everyone, so it leaves the list's filter behind; choosing the open tab again keeps it
          onChange={(id) => id !== view && setParams(pipelineParams(id === 'list' ? 'list' : 'board'), { replace: true })}
          tabs={[
            {
              id: 'board',
              label: 'Board',
              content: (
                <PipelineBoard cards={applications} counts={counts} locked={locked} onMove={moveCard} />
              ),
            },
            { id: 'list', label: 'List', content: <PipelineList jobId={job.id} jobTitle={job.title} locked={locked} onMove={moveCard} /> },
          ]}
        />
      )}
      {rejectDialog}
    </div>
  )
}
