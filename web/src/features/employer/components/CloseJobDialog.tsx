/**
 * Closing a job asks first: it takes the job off the board and stops applications at once, and
 * a slip in the More menu must not do that. Cancel sends nothing. What the dialog says is what
 * the server does: the applicants stay (though no one can be moved while it is closed), and the
 * employer can reopen it from the jobs list.
 */
import { useState } from 'react'
import { ErrorAlert } from '../../../components/ui/Alert'
import { Modal, ModalFormActions } from '../../../components/ui/Modal'
import { useToast } from '../../../components/ui/toast'
import { serverMessageOr } from '../../../lib/server-message'
import { useCloseJob } from '../api/close-job'
import type { EmployerJob } from '../types'

type Props = { job: Pick<EmployerJob, 'id' | 'title' | 'applications'>; onClose: () => void }

export function CloseJobDialog({ job, onClose }: Props) {
  const { push } = useToast()
  const close = useCloseJob()
  const [error, setError] = useState<string | null>(null)
  const applied = job.applications.total
  return (
    <Modal title={`Close ${job.title}?`} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          setError(null)
          close.mutate(job.id, {
            onSuccess: () => {
              push({ kind: 'success', title: 'Job closed', message: `${job.title} is off the job board and no longer takes applications.` })
              onClose()
            },
            onError: (err) => setError(serverMessageOr(err, 'Please try again.')),
          })
        }}
      >
        <p>It comes off the job board straight away, and no one can apply for it while it is closed.</p>
        {applied > 0 ? (
          <p>
            {applied === 1 ? 'The person who has applied stays' : `The ${applied} people who have applied stay`} in its pipeline, but you cannot move
            anyone between stages until the job is open again.
          </p>
        ) : null}
        <p className="ws-muted">You can reopen it later from your jobs list.</p>
        <ErrorAlert message={error} />
        <ModalFormActions onCancel={onClose} cancelDisabled={close.isPending} submitLabel="Close job" danger busy={close.isPending} />
      </form>
    </Modal>
  )
}
