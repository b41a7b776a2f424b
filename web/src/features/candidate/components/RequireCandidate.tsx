/** Guards /candidate/dashboard/*: without a valid session the candidate goes to /candidate/login. */
import type { ReactNode } from 'react'
import { Navigate } from 'react-router'
import { useSession } from '../../auth'

export function RequireCandidate({ children }: { children: ReactNode }) {
  const session = useSession('candidate')
  if (session.status !== 'authenticated') return <Navigate to="/candidate/login" replace />
  return <>{children}</>
}
