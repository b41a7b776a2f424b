/**
 * On the candidate's sign-in and sign-up pages after Apply Now: which job the person is applying
 * for, so they know the job was kept. Shown only when the address carries a valid job id; a job
 * that cannot be loaded still gets a general line, never an error (signing in matters more).
 */
import { useJob } from '../../jobs'

export function ApplyingFor({ jobId, action }: { jobId: string; action: 'sign in' | 'sign up' }) {
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
      {lead} to apply for {what}. We'll open your application straight after.
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
