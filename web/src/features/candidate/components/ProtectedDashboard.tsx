import { CandidateDashboard } from './CandidateDashboard'
import { RequireCandidate } from './RequireCandidate'

/** The dashboard behind its guard: one chunk, loaded only on /candidate/dashboard. */
export function ProtectedDashboard() {
  return (
    <RequireCandidate>
      <CandidateDashboard />
    </RequireCandidate>
  )
}
