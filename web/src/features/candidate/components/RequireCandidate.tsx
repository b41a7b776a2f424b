/** Guards /candidate/dashboard/*: without a valid session the candidate goes to /candidate/login,
 *  keeping the job they were about to apply for or save (?apply= or ?save=<job id>), or, on the Job
 *  Alerts tab, that they come back there (?to=alerts). */
import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { CANDIDATE_LOGIN_PATH, jobIntent, withJobIntent } from '../../../lib/apply-intent'
import { MANAGE_ALERTS_PATH, withAlertsReturn } from '../../alerts'
import { useSession } from '../../auth'

export function RequireCandidate({ children }: { children: ReactNode }) {
  const session = useSession('candidate')
  const { pathname, search } = useLocation()
  if (session.status !== 'authenticated') {
    const intent = jobIntent(search)
    const login = !intent && pathname === MANAGE_ALERTS_PATH ? withAlertsReturn(CANDIDATE_LOGIN_PATH) : withJobIntent(CANDIDATE_LOGIN_PATH, intent)
    return <Navigate to={login} replace />
  }
  return <>{children}</>
}
