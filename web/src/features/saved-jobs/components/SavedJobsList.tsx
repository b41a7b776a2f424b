/**
 * The candidate's saved jobs, inside Browse Jobs (issue 27): each with where it stands now (a job
 * that closed says so and can only be removed), Apply Now for an open one, and Remove.
 */
import { Link } from 'react-router'
import { ErrorAlert } from '../../../components/ui/Alert'
import { Badge } from '../../../components/ui/Badge'
import { Button } from '../../../components/ui/Button'
import { EmptyState } from '../../../components/ui/EmptyState'
import { useToast } from '../../../components/ui/toast'
import { formatClosingDate, formatDate } from '../../../lib/format'
import { serverMessageOr } from '../../../lib/server-message'
import { useSavedJobs } from '../api/get-saved-jobs'
import { useToggleSavedJob } from '../api/toggle-saved-job'
import { SAVED_MESSAGES, savedStanding } from '../model/saved'
import type { SavedJob } from '../types'

type Props = {
  /** Jobs the candidate has applied for (their ids). */
  applied: Set<string>
  /** Of those, the ones whose application they withdrew: marked Withdrawn, and not to apply for again. */
  withdrawn?: Set<string>
  onApply: (jobId: string) => void
  onBrowse: () => void
}

export function SavedJobsList({ applied, withdrawn, onApply, onBrowse }: Props) {
  const saved = useSavedJobs()
  const remove = useToggleSavedJob()
  const toast = useToast()
  const list = saved.data?.saved_jobs ?? []

  const onRemove = async (job: SavedJob) => {
    try {
      await remove.mutateAsync({ jobId: job.job_id, save: false })
    } catch (err) {
      toast.push({ kind: 'error', title: serverMessageOr(err, SAVED_MESSAGES.removeFailed) })
    }
  }

  if (saved.isPending)
    return (
      <p className="cd-muted" aria-busy="true">
        Loading your saved jobs...
      </p>
    )
  if (saved.isError) return <ErrorAlert message={SAVED_MESSAGES.loadFailed} />
  if (list.length === 0)
    return (
      <EmptyState
        title={SAVED_MESSAGES.empty}
        icon="bookmark"
        action={
          <Button variant="outline" size="sm" onClick={onBrowse}>
            Browse all jobs
          </Button>
        }
      >
        <p>{SAVED_MESSAGES.emptyHint}</p>
      </EmptyState>
    )

  return (
    <>
      <p className="cd-muted cd-range">
        {list.length} saved · you can keep up to {saved.data?.limit ?? 200}
      </p>
      <ul className="cd-cards">
        {list.map((job) => {
          const standing = savedStanding(job)
          const isWithdrawn = withdrawn?.has(job.job_id) ?? false
          const isApplied = applied.has(job.job_id)
          return (
            <li key={job.job_id} className="cd-card">
              <div className="cd-card-head">
                <h3>
                  <Link to={`/jobs/${job.job_id}`}>{job.title}</Link>
                </h3>
                <Badge tone={standing.tone}>{standing.label}</Badge>
              </div>
              <p className="cd-muted">
                {job.company} · {job.location} · {job.type}
              </p>
              <p className="cd-muted cd-small">
                Saved {formatDate(job.saved_at)}
                {standing.open && job.expires_at ? ` · Apply by ${formatClosingDate(job.expires_at)}` : ''}
                {standing.open ? '' : ' · no longer taking applications'}
              </p>
              <div className="cd-card-actions">
                <Button variant="ghost" size="sm" aria-label={`Remove ${job.title} from saved jobs`} onClick={() => onRemove(job)}>
                  Remove
                </Button>
                {isWithdrawn ? (
                  // as in My Applications and on the job's card in Browse Jobs
                  <Badge tone="neutral" icon="reopen">
                    Withdrawn
                  </Badge>
                ) : isApplied ? (
                  <Badge tone="success" icon="check">
                    Applied
                  </Badge>
                ) : standing.open ? (
                  <Button size="sm" aria-label={`Apply Now for ${job.title}`} onClick={() => onApply(job.job_id)}>
                    Apply Now
                  </Button>
                ) : null}
              </div>
            </li>
          )
        })}
      </ul>
    </>
  )
}
