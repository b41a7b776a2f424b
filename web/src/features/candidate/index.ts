/**
 * The candidate portal (SPEC 2.5) offers nothing to other features; app/routes/candidate.tsx routes to
 * components/ProtectedDashboard and the five tab modules, each its own chunk.
 */
export {}
