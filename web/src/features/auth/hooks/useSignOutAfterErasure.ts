/**
 * Leaving an account that no longer exists (issue 12: the person erased it). The server has already
 * ended every session; here the tab lets go of it too: the stored session, and every cached answer
 * (nothing of the erased person stays in memory). The candidate lands on the public home page, the
 * employer on its site's sign-in page.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { clearSession } from '../../../lib/session'
import { revokeSession } from '../api/sign-out'
import { logoutTo } from '../logout'

/** How long the candidate's session may outlive a navigation that never took the portal away. */
export const ERASED_SIGN_OUT_FALLBACK_MS = 2000

export function useSignOutAfterErasure(role: 'candidate' | 'employer'): () => Promise<void> {
  const navigate = useNavigate()
  const qc = useQueryClient()
  const leaving = useRef(false)

  // The candidate's session is cleared once the portal has gone from the screen, not before:
  // cleared while it is still there, its guard sends them to the sign-in page instead of home
  // (the router may show the new page in a transition, after the guard's synchronous update).
  // The fallback timer clears it anyway if the portal somehow stays.
  const letGo = useCallback(() => {
    if (!leaving.current) return
    leaving.current = false
    if (role === 'candidate') clearSession('candidate')
    qc.clear()
  }, [qc, role])
  useEffect(() => letGo, [letGo])

  return useCallback(async () => {
    leaving.current = true
    if (role === 'employer') {
      // the sign-in page is where the employer site's guard sends them anyway
      logoutTo('employer', navigate)
      return
    }
    // the erasure has ended every session already; sent anyway, like every other way out
    void revokeSession('candidate')
    await navigate('/', { replace: true })
    setTimeout(letGo, ERASED_SIGN_OUT_FALLBACK_MS)
  }, [letGo, navigate, role])
}
