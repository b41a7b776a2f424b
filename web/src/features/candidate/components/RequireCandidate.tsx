/** Guards /candidate/dashboard/*: without a valid session the candidate goes to /candidate/login,
 *  keeping the job they were about to apply for or save (?apply= or ?save=<job id>). */
import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { CANDIDATE_LOGIN_PATH, jobIntent, withJobIntent } from '../../../lib/apply-intent'
import { useSession } from '../../auth'

export function RequireCandidate({ children }: { children: ReactNode }) {
  const session = useSession('candidate')
  const { search } = useLocation()
  if (session.status !== 'authenticated') return <Navigate to={withJobIntent(CANDIDATE_LOGIN_PATH, jobIntent(search))} replace />
  return <>{children}</>
}
