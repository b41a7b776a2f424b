/**
 * On the candidate's sign-in and sign-up pages after Apply Now (or Save): which job the person is
 * applying for (or saving), so they know the job was kept. Shown only when the address carries a valid job id; a job
 * that cannot be loaded still gets a general line, never an error (signing in matters more).
 */
import { useJob } from '../../jobs'

type Props = { jobId: string; action: 'sign in' | 'sign up'; intent?: 'apply' | 'save' }

export function ApplyingFor({ jobId, action, intent = 'apply' }: Props) {
  const job = useJob(jobId).data
  const what = job ? (
    <>
      <strong>{job.title}</strong> at {job.company}
    </>
  ) : (
    'the job you chose'
  )
  const lead = action === 'sign in' ? 'Sign in' : 'Create your account'
  return (
    <p className="alert alert-info auth-applying">
      {intent === 'save' ? (
        <>
          {lead} to save {what}. We'll save it straight after.
        </>
      ) : (
        <>
          {lead} to apply for {what}. We'll open your application straight after.
        </>
      )}
    </p>
  )
}

/** The same for a signed-out "Save this search": the search is kept and its dialog opens after. */
export function SavingSearch({ action }: { action: 'sign in' | 'sign up' }) {
  return (
    <p className="alert alert-info auth-applying">
      {action === 'sign in' ? 'Sign in' : 'Create your account'} to save your search as a job alert. We’ll take you back to it straight after.
    </p>
  )
}
