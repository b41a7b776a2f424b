-- Why the hiring team did not go ahead with an applicant (RejectionReason),
-- kept while the application is rejected. Applications rejected before this
-- have none: their events carry none, so a rebuild leaves them NULL as well.
-- And the stage it was rejected from, while rejected: where in the pipeline
-- applicants are let go. Applications rejected before this read NULL until
-- the read model is rebuilt (`recruit projections rebuild applications`),
-- which reads it from the events' `previous`.
ALTER TABLE applications
    ADD COLUMN rejection_reason text
        CONSTRAINT applications_rejection_reason_known
        CHECK (rejection_reason IN ('skills', 'salary', 'location', 'another_candidate',
                                    'declined_offer', 'no_response', 'role_closed', 'other')),
    ADD COLUMN rejected_from text
        CONSTRAINT applications_rejected_from_known
        CHECK (rejected_from IN ('new', 'screening', 'interview', 'offer'));

-- Analysts count rejections by reason (nothing in it names the candidate).
-- What they may read is now rows of `analyst_grants`, which
-- apply_analyst_grants() (run here and after every rebuild's swap) grants
-- from: a column shared with analysts is one row changed, where five
-- migrations before this one each restated the whole function.
CREATE TABLE analyst_grants (
    table_name text PRIMARY KEY,
    -- NULL: every column.
    columns    text[]
);

INSERT INTO analyst_grants (table_name, columns) VALUES
    ('locations', NULL),
    ('salary_ranges', NULL),
    ('jobs', NULL),
    ('projector_checkpoints', NULL),
    ('job_alert_weeks', NULL),
    ('accounts', '{id, role, company, status, created_at, updated_at}'),
    ('applications', '{id, employer_id, job_id, job_title, company, status, stage, created_at,
                       last_updated, first_response_at, hired_at, withdrawn_at, rejection_reason,
                       rejected_from, stage_entered_at}'),
    ('documents', '{id, document_type, content_type, file_size, created_at}'),
    ('erasures', '{subject_kind, grounds, erased_at, completed_at}'),
    -- Not the alert's name or keywords (what a candidate typed), nor whose it is.
    ('job_alerts', '{id, location_id, salary_range_id, job_type, specialisation, frequency, paused,
                     created_at, updated_at}'),
    ('job_alert_matches', '{id, alert_id, job_id, job_title, frequency, matched_at, digested_at}');

CREATE OR REPLACE FUNCTION apply_analyst_grants() RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    g analyst_grants;
BEGIN
    GRANT USAGE ON SCHEMA public TO recruit_analyst;
    FOR g IN SELECT * FROM analyst_grants ORDER BY table_name LOOP
        IF g.columns IS NULL THEN
            EXECUTE format('GRANT SELECT ON %I TO recruit_analyst', g.table_name);
        ELSE
            EXECUTE format('GRANT SELECT (%s) ON %I TO recruit_analyst',
                           (SELECT string_agg(quote_ident(c), ', ') FROM unnest(g.columns) AS c),
                           g.table_name);
        END IF;
    END LOOP;
END;
$$;

SELECT apply_analyst_grants();
