/**
 * In the portal: a job a signed-out visitor chose to save (`?save=<id>`, kept through sign-in) is
 * saved once they arrive, with a toast saying so; then the address drops it.
 */
import { useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { useToast } from '../../../components/ui/toast'
import { SAVE_PARAM, saveJobId } from '../../../lib/apply-intent'
import { serverMessageOr } from '../../../lib/server-message'
import { useToggleSavedJob } from '../api/toggle-saved-job'
import { SAVED_MESSAGES } from '../model/saved'

export function useSaveIntent() {
  const [params, setParams] = useSearchParams()
  const jobId = saveJobId(params)
  const toggle = useToggleSavedJob()
  const toast = useToast()
  const done = useRef<string | null>(null)
  const { mutateAsync } = toggle
  useEffect(() => {
    if (!jobId || done.current === jobId) return
    done.current = jobId
    setParams(
      (p) => {
        p.delete(SAVE_PARAM)
        return p
      },
      { replace: true },
    )
    mutateAsync({ jobId, save: true }).then(
      () => toast.push({ kind: 'success', title: SAVED_MESSAGES.saved, message: SAVED_MESSAGES.savedHint }),
      (err: unknown) => toast.push({ kind: 'error', title: serverMessageOr(err, SAVED_MESSAGES.saveFailed) }),
    )
  }, [jobId, mutateAsync, setParams, toast])
}
