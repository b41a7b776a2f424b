/**
 * The candidate portal (SPEC 2.5): app/routes/candidate.tsx routes to components/ProtectedDashboard and
 * the five tab modules, each its own chunk. Other features take the shapes of a candidate's
 * applications and documents (the admin workspace shows them in a candidate's record), and the
 * public job pages ask whether the signed-in candidate has applied for a job: one small hook over
 * the portal's own applications query (api/get-applications, its client and keys), so the board
 * and the job page load none of the portal's screens.
 */
export type { Application, CandidateDocument } from './types'
export { useApplicationForJob } from './api/get-applications'
