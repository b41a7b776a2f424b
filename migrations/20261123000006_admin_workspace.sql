-- The admin workspace (issue 10): the audit trail browser's indexes, the
-- agency's moderation of jobs, and the columns analysts read for time to first
-- response and time to fill.

-- language=PostgreSQL

-- The audit browser reads the log newest first, filtered, keyset-paged on
-- position: one index per filter, each ending in position, so a page is a
-- short backwards walk from the cursor whatever the log's size. (A stream's
-- events already have events_stream_version_key.)
CREATE INDEX events_by_type ON events (event_type, position);
CREATE INDEX events_by_actor ON events ((metadata->>'actor_id'), position);
-- A time range is read in time order (recorded_at, position): see browse.rs.
CREATE INDEX events_by_time ON events (recorded_at, position);

-- Why an employer was rejected or suspended, for the admin's list.
ALTER TABLE accounts ADD COLUMN status_reason text;

-- A job the agency closed says why, and the employer sees it.
ALTER TABLE jobs
    ADD COLUMN closed_reason    text,
    ADD COLUMN closed_by_agency boolean NOT NULL DEFAULT false;

-- The agency-wide pipeline filters applications by stage across employers.
CREATE INDEX applications_stage ON applications (stage, created_at DESC);

CREATE OR REPLACE FUNCTION apply_analyst_grants() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    GRANT USAGE ON SCHEMA public TO recruit_analyst;
    GRANT SELECT ON locations, salary_ranges, jobs, projector_checkpoints TO recruit_analyst;
    GRANT SELECT (id, role, company, status, created_at, updated_at) ON accounts TO recruit_analyst;
    GRANT SELECT (id, employer_id, job_id, job_title, company, status, stage, created_at, last_updated,
                  first_response_at, hired_at, withdrawn_at) ON applications TO recruit_analyst;
    GRANT SELECT (id, document_type, content_type, file_size, created_at) ON documents TO recruit_analyst;
END;
$$;

SELECT apply_analyst_grants();
