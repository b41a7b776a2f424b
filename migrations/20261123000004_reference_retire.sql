-- Reference values can be retired (issue 10): no longer offered in forms,
-- still on the jobs that were posted with them.

-- language=PostgreSQL
ALTER TABLE locations ADD COLUMN retired_at timestamptz;
ALTER TABLE salary_ranges ADD COLUMN retired_at timestamptz;
