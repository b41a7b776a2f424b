-- An employer's list of interviews coming up, across their jobs, soonest
-- first (GET /api/employer/interviews).
CREATE INDEX interviews_employer ON interviews (employer_id, starts_at, id);
