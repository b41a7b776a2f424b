/**
 * Step-up (issue 26): a sensitive admin action (erasing, exporting someone's data, adding or
 * removing an admin, turning two-factor sign-in off or resetting it) is refused with 403 and the
 * code `step_up_required` unless this session passed a code in the last 15 minutes. The admin
 * client then asks the one prompt the workspace registered (StepUpDialog) and, once it has passed,
 * sends the request again. POST /api/auth/admin/step-up `{code}` (six digits or a recovery code)
 * → `{token, user}`: the new session, stored in place of the old; 422 with the server's words for
 * a wrong or used code.
 */
import type { ApiReply } from '../../../api'
import { bearerFetch } from '../../../lib/api'
import { replaceSessionToken, saveSession } from '../../../lib/session'

export const STEP_UP_REQUIRED_CODE = 'step_up_required'
/** The code of the error the first request fails with when the admin cancels the prompt. */
export const STEP_UP_CANCELLED_CODE = 'step_up_cancelled'
export const STEP_UP_CANCELLED = 'Nothing was changed: this needs a code from your authenticator app. Try again when you have it to hand.'

export async function stepUp(code: string): Promise<void> {
  const reply = await bearerFetch<ApiReply<'step_up'>>('admin', '/api/auth/admin/step-up', { method: 'POST', body: { code } })
  if (!reply?.token) throw new Error('The step-up answer carried no session')
  if (reply.user) saveSession('admin', { token: reply.token, user: reply.user })
  else replaceSessionToken('admin', reply.token)
}

/** What the prompt does with the server's reason: resolves true once a code has passed, false when cancelled. */
export type StepUpPrompt = (reason: string) => Promise<boolean>

let prompt: StepUpPrompt | null = null
let asking: Promise<boolean> | null = null

/** The workspace's dialog; returns the way to take it away again. */
export function registerStepUpPrompt(p: StepUpPrompt): () => void {
  prompt = p
  return () => {
    if (prompt === p) prompt = null
  }
}

/**
 * Asks for a code once, however many requests were refused at the same time: they all wait for the
 * same answer. `null` when no prompt is registered (a screen outside the workspace): the refusal
 * then stands as it came.
 */
export function confirmItsYou(reason: string): Promise<boolean> | null {
  if (!prompt) return null
  if (!asking) {
    asking = prompt(reason).finally(() => {
      asking = null
    })
  }
  return asking
}
