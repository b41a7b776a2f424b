/**
 * What a candidate reads in their portal for one application, as the record page repeats it:
 * SPEC 3's status (Pending, Accepted, Rejected) beside the plain words of `progress` ("In review").
 * The record does not carry the candidate's interviews, so for the interview step it gives both
 * texts the portal may show: "Invited to interview", or "Interview booked" once a time is booked.
 * An application they withdrew stays on their list marked only "Withdrawn", whatever its status.
 */
import { progressLabel } from '../../../lib/stages'
import type { CandidateApplication } from '../types'

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** Whether the candidate withdrew it: it stays on their record, marked. */
export const isWithdrawn = (a: Pick<CandidateApplication, 'withdrawn_at'>): boolean => Boolean(a.withdrawn_at)

/** `They see “Accepted · Invited to interview”, or “Accepted · Interview booked” once a time is booked`; `They see “Withdrawn”` once withdrawn. */
export function theySee(a: Pick<CandidateApplication, 'status' | 'progress' | 'withdrawn_at'>): string {
  if (isWithdrawn(a)) return 'They see “Withdrawn”'
  const status = capitalised(a.status)
  const seen = `They see “${status} · ${progressLabel(a.progress, false)}”`
  return a.progress === 'interview' ? `${seen}, or “${status} · ${progressLabel(a.progress, true)}” once a time is booked` : seen
}
