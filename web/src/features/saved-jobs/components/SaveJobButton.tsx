/**
 * Save / unsave a job (issue 27): a bookmark button on job cards and the job page. Signed out it is
 * a link to the candidate login that keeps the job (`?save=<id>`); the portal saves it on arrival.
 */
import { Link } from 'react-router'
import { Icon } from '../../../components/ui/Icon'
import { useToast } from '../../../components/ui/toast'
import { saveSignInHref } from '../../../lib/apply-intent'
import { serverMessageOr } from '../../../lib/server-message'
import { useSession } from '../../auth'
import { useSavedJobs } from '../api/get-saved-jobs'
import { useToggleSavedJob } from '../api/toggle-saved-job'
import { isSaved, SAVED_MESSAGES, saveLabel } from '../model/saved'
import '../saved-jobs.css'

type Props = {
  jobId: string
  jobTitle: string
  /** "Save" / "Saved" beside the icon (the job page); on cards the icon alone. */
  withText?: boolean
  /** A closed job can be removed from the saved jobs but not saved: the button shows only if it is saved. */
  closed?: boolean
  /** On a dark band (the job page's header): light outline and text. */
  onDark?: boolean
}

export function SaveJobButton({ jobId, jobTitle, withText = false, closed = false, onDark = false }: Props) {
  const signedIn = useSession('candidate').status === 'authenticated'
  const saved = useSavedJobs(signedIn)
  const toggle = useToggleSavedJob()
  const toast = useToast()
  const className = `btn ${onDark ? 'btn-outline-light' : 'btn-ghost btn-sm'} save-job${withText ? '' : ' save-job-icon'}`

  if (!signedIn)
    return closed ? null : (
      <Link to={saveSignInHref(jobId)} className={className} aria-label={saveLabel(false, jobTitle)} title="Sign in to save this job">
        <Icon name="bookmark" size={16} />
        {withText ? 'Save' : null}
      </Link>
    )

  const on = isSaved(saved.data?.saved_jobs, jobId)
  if (closed && !on) return null
  const onClick = async () => {
    try {
      await toggle.mutateAsync({ jobId, save: !on })
      toast.push(on ? { kind: 'info', title: SAVED_MESSAGES.removed } : { kind: 'success', title: SAVED_MESSAGES.saved, message: SAVED_MESSAGES.savedHint })
    } catch (err) {
      toast.push({ kind: 'error', title: serverMessageOr(err, on ? SAVED_MESSAGES.removeFailed : SAVED_MESSAGES.saveFailed) })
    }
  }
  return (
    <button
      type="button"
      className={`${className}${on ? ' is-saved' : ''}`}
      aria-label={saveLabel(on, jobTitle)}
      title={on ? 'Saved: select to remove' : 'Save this job'}
      disabled={saved.isPending || toggle.isPending}
      onClick={onClick}
    >
      <Icon name={on ? 'bookmarked' : 'bookmark'} size={16} />
      {withText ? (on ? 'Saved' : 'Save') : null}
    </button>
  )
}
