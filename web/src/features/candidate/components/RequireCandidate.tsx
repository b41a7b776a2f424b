/**
 * Guards /candidate/dashboard/*: without a valid session the candidate goes to /candidate/login,
 * keeping the job they were about to apply for or save (?apply= or ?save=<job id>), or else the
 * page they asked for (?to=<path>, lib/return-to), so signing in takes them back there. That covers
 * a session the server has just ended (a 401 to any call: lib/api's withBearer) as much as a
 * bookmark opened signed out. After a deliberate sign-out nothing is kept: the sign-out goes to the
 * plain sign-in page itself.
 * Whatever this tab cached of the portal is dropped as the session goes: the next person to sign
 * in here must not see it.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { CANDIDATE_LOGIN_PATH, jobIntent, withJobIntent } from '../../../lib/apply-intent'
import { withReturnPath } from '../../../lib/return-to'
import { sessionEnd } from '../../../lib/session'
import { useSession } from '../../auth'
import { notificationKeys } from '../../notifications'
import { candidateKeys } from '../api/keys'

/** Drops every cached answer of the candidate's session (the portal's, saved jobs' and alerts',
 *  all under the `candidate` prefix, and the candidate's notifications). */
export function forgetCandidateData(qc: QueryClient) {
  qc.removeQueries({ queryKey: candidateKeys.all })
  qc.removeQueries({ queryKey: notificationKeys.all('candidate') })
}

/** Where the guard sends a signed-out visitor who asked for `pathname` + `search`. */
export function candidateSignInHref(pathname: string, search: string, signedOut: boolean): string {
  const intent = jobIntent(search)
  if (intent) return withJobIntent(CANDIDATE_LOGIN_PATH, intent)
  return signedOut ? CANDIDATE_LOGIN_PATH : withReturnPath(CANDIDATE_LOGIN_PATH, 'candidate', `${pathname}${search}`)
}

export function RequireCandidate({ children }: { children: ReactNode }) {
  const session = useSession('candidate')
  const { pathname, search } = useLocation()
  const qc = useQueryClient()
  const signedIn = session.status === 'authenticated'
  useEffect(() => {
    if (!signedIn) forgetCandidateData(qc)
  }, [signedIn, qc])
  if (!signedIn) {
    const login = candidateSignInHref(pathname, search, sessionEnd('candidate')?.signedOut === true)
    return <Navigate to={login} replace />
  }
  return <>{children}</>
}
