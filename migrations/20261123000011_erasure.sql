-- Erasing a person (issue 12).

-- Subjects whose data key was deleted. The append path makes no new key for
-- them: a later event about them is written with `[erased]` where its
-- personal fields would be.
CREATE TABLE erased_subjects (
    subject_id uuid PRIMARY KEY,
    erased_at  timestamptz NOT NULL
);

-- An erasure releases every claim its subject holds.
CREATE INDEX unique_claims_owner ON unique_claims (owner_id);

-- Notes and scorecards are about a candidate: their text is erased with them,
-- which needs the candidate on the row (the assessments projector cannot join
-- applications, another projector's table, during a rebuild).
ALTER TABLE application_notes ADD COLUMN candidate_id uuid;
ALTER TABLE scorecards ADD COLUMN candidate_id uuid;
UPDATE application_notes n SET candidate_id = a.candidate_id FROM applications a WHERE a.id = n.application_id;
UPDATE scorecards s SET candidate_id = a.candidate_id FROM applications a WHERE a.id = s.application_id;
CREATE INDEX application_notes_candidate ON application_notes (candidate_id);
CREATE INDEX scorecards_candidate ON scorecards (candidate_id);

-- One row per subject with a retention warning or an erasure (the `erasures`
-- projector): the admin's record of erasures, and what the retention job reads.
CREATE TABLE erasures (
    subject_id   uuid PRIMARY KEY,
    subject_kind text,
    grounds      text,
    requested_by uuid,
    warned_at    timestamptz,
    erase_after  timestamptz,
    erased_at    timestamptz,
    completed_at timestamptz
);
CREATE INDEX erasures_erased_at ON erasures (erased_at DESC) WHERE erased_at IS NOT NULL;

-- When a person last signed in: written by the api at each sign-in (it is
-- not history, so not an event), read by the retention job.
CREATE TABLE account_activity (
    account_id     uuid PRIMARY KEY,
    last_signed_in timestamptz NOT NULL
);
-- Sign-ins before this release were not recorded: count everyone as active
-- now, so nobody is warned for a quiet spell we cannot see.
INSERT INTO account_activity (account_id, last_signed_in) SELECT id, now() FROM accounts;

-- Analysts may count erasures by kind, grounds and date (nothing personal).
-- The grants are one function a projection rebuild calls again after it swaps
-- tables in; this is its new version.
CREATE OR REPLACE FUNCTION apply_analyst_grants() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    GRANT USAGE ON SCHEMA public TO recruit_analyst;
    GRANT SELECT ON locations, salary_ranges, jobs, projector_checkpoints TO recruit_analyst;
    GRANT SELECT (id, role, company, status, created_at, updated_at) ON accounts TO recruit_analyst;
    GRANT SELECT (id, employer_id, job_id, job_title, company, status, stage, created_at, last_updated,
                  first_response_at, hired_at, withdrawn_at) ON applications TO recruit_analyst;
    GRANT SELECT (id, document_type, content_type, file_size, created_at) ON documents TO recruit_analyst;
    GRANT SELECT (subject_kind, grounds, erased_at, completed_at) ON erasures TO recruit_analyst;
END;
$$;

SELECT apply_analyst_grants();
