/**
 * What a candidate reads in their portal for one application, as the record page repeats it: the
 * plain words of `progress` ("In review"), the one badge on their card. SPEC 3's status (pending,
 * accepted, rejected) stays in the API and in their portal's three counts, but their card never
 * shows it: a candidate at Interview reads "Accepted" as "you got the job".
 * The record does not carry the candidate's interviews, so for the interview step it gives both
 * texts the portal may show: "Invited to interview", or "Interview booked" once a time is booked.
 * An application they withdrew stays on their list marked only "Withdrawn", whatever its status.
 */
import { progressLabel } from '../../../lib/stages'
import type { CandidateApplication } from '../types'

/** Whether the candidate withdrew it: it stays on their record, marked. */
export const isWithdrawn = (a: Pick<CandidateApplication, 'withdrawn_at'>): boolean => Boolean(a.withdrawn_at)

/** `They see “Invited to interview”, or “Interview booked” once a time is booked`; `They see “Withdrawn”` once withdrawn. */
export function theySee(a: Pick<CandidateApplication, 'progress' | 'withdrawn_at'>): string {
  if (isWithdrawn(a)) return 'They see “Withdrawn”'
  const seen = `They see “${progressLabel(a.progress, false)}”`
  return a.progress === 'interview' ? `${seen}, or “${progressLabel(a.progress, true)}” once a time is booked` : seen
}
