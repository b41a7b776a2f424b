/**
 * The candidate portal (SPEC 2.5): app/routes/candidate.tsx routes to components/ProtectedDashboard and
 * the five tab modules, each its own chunk. Other features take only the shapes of a candidate's
 * applications and documents (the admin workspace shows them in a candidate's record).
 */
export type { Application, CandidateDocument } from './types'
