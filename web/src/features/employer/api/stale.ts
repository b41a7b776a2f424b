/**
 * What an application's change marks stale in the employer's cache, whoever made it: the
 * socket's `pipeline_updated` / `assessment_updated` (a colleague's write, or this tab's own
 * echoed back) and, while no socket is open, the mutation that made it.
 */
import type { QueryClient } from '@tanstack/react-query'
import { employerKeys, isPipelineKey } from './keys'

/**
 * An application arrived or moved, or had an interview booked, moved or cancelled: the job list's
 * counts, that job's boards and report, the applicant, and the interviews still to come (a
 * rejection or the candidate's withdrawal cancels the application's interviews too; a hire does
 * not).
 */
export function markPipelineStale(qc: QueryClient, jobId: string, applicationId: string): Promise<unknown> {
  return Promise.all([
    qc.invalidateQueries({ queryKey: employerKeys.jobList() }),
    qc.invalidateQueries({ queryKey: employerKeys.pipelines(jobId) }),
    qc.invalidateQueries({ queryKey: employerKeys.report(jobId) }),
    qc.invalidateQueries({ queryKey: employerKeys.applicant(applicationId) }),
    qc.invalidateQueries({ queryKey: employerKeys.interviews() }),
  ])
}

/** A note or scorecard was added: the applicant, and every board (its cards carry the scorecards' average; the event names no job). */
export function markAssessmentStale(qc: QueryClient, applicationId: string): Promise<unknown> {
  return Promise.all([
    qc.invalidateQueries({ queryKey: employerKeys.applicant(applicationId) }),
    qc.invalidateQueries({ predicate: (q) => isPipelineKey(q.queryKey) }),
  ])
}
