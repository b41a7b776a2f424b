/**
 * What a candidate reads in their portal for one application, as the record page repeats it:
 * SPEC 3's status (Pending, Accepted, Rejected) beside the plain words of `progress` ("In review").
 * The record does not carry the candidate's interviews, so for the interview step it gives both
 * texts the portal may show: "Invited to interview", or "Interview booked" once a time is booked.
 */
import { progressLabel } from '../../../lib/stages'
import type { CandidateApplication } from '../types'

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** `They see “Accepted · Invited to interview”, or “Accepted · Interview booked” once a time is booked`. */
export function theySee(a: Pick<CandidateApplication, 'status' | 'progress'>): string {
  const status = capitalised(a.status)
  const seen = `They see “${status} · ${progressLabel(a.progress, false)}”`
  return a.progress === 'interview' ? `${seen}, or “${status} · ${progressLabel(a.progress, true)}” once a time is booked` : seen
}
