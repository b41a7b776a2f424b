/** Guards /candidate/dashboard/*: without a valid session the candidate goes to /candidate/login,
 *  keeping the job they were about to apply for (?apply=<job id>). */
import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { applyJobId, CANDIDATE_LOGIN_PATH, withApplyJob } from '../../../lib/apply-intent'
import { useSession } from '../../auth'

export function RequireCandidate({ children }: { children: ReactNode }) {
  const session = useSession('candidate')
  const { search } = useLocation()
  if (session.status !== 'authenticated') return <Navigate to={withApplyJob(CANDIDATE_LOGIN_PATH, applyJobId(search))} replace />
  return <>{children}</>
}
