-- An employer's list of interviews coming up, across their jobs, soonest
-- first (GET /api/employer/interviews).
CREATE INDEX interviews_employer ON interviews (employer_id, starts_at, id);
-- The agency's day (GET /api/admin/overview): the interviews booked today,
-- and the applications made since midnight (the agency-wide list, newest
-- first, reads it too).
CREATE INDEX interviews_booked ON interviews (starts_at) WHERE status = 'scheduled';
CREATE INDEX applications_created ON applications (created_at DESC, id DESC);
