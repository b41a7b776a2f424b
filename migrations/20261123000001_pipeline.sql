-- The employer's hiring pipeline (issue 9): each application has a stage
-- (new, screening, interview, offer, hired, rejected) that only employers see,
-- and the version of its stream, which the board sends back with a move so a
-- colleague's newer move is not overwritten. `status` stays what the candidate
-- sees (derived from the stage).

-- language=PostgreSQL
ALTER TABLE applications
    ADD COLUMN stage   text   NOT NULL DEFAULT 'new',
    ADD COLUMN version bigint NOT NULL DEFAULT 1;

-- Rows written before this migration: the stage their status implies, and the
-- version their stream has reached (a rebuild computes both the same way).
UPDATE applications a
   SET stage = CASE a.status WHEN 'accepted' THEN 'interview' WHEN 'rejected' THEN 'rejected' ELSE 'new' END,
       version = coalesce((SELECT max(e.stream_version) FROM events e
                            WHERE e.stream_id = 'application-' || a.id::text), 1);

-- For the employer's reports: when the employer first acted on an
-- application, and when it was hired. Rows from before this migration have
-- neither until the read model is rebuilt (`recruit projections rebuild
-- applications`), which computes them from history.
ALTER TABLE applications
    ADD COLUMN first_response_at timestamptz,
    ADD COLUMN hired_at          timestamptz;

-- The board lists one job's applications by stage.
CREATE INDEX applications_job ON applications (job_id, stage, created_at DESC);

CREATE OR REPLACE FUNCTION apply_analyst_grants() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    GRANT USAGE ON SCHEMA public TO recruit_analyst;
    GRANT SELECT ON locations, salary_ranges, jobs, projector_checkpoints TO recruit_analyst;
    GRANT SELECT (id, role, company, status, created_at, updated_at) ON accounts TO recruit_analyst;
    GRANT SELECT (id, employer_id, job_id, job_title, company, status, stage, created_at, last_updated) ON applications TO recruit_analyst;
    GRANT SELECT (id, document_type, content_type, file_size, created_at) ON documents TO recruit_analyst;
END;
$$;

SELECT apply_analyst_grants();

-- Private assessments (notes and scorecards) of an application, for its
-- employer only. No analyst grants: the text is about the candidate.
CREATE TABLE application_notes (
    id              uuid        PRIMARY KEY,
    application_id  uuid        NOT NULL,
    employer_id     uuid        NOT NULL,
    author_id       uuid        NOT NULL,
    body            text        NOT NULL,
    created_at      timestamptz NOT NULL
);
CREATE INDEX application_notes_application ON application_notes (application_id, created_at);

CREATE TABLE scorecards (
    id              uuid        PRIMARY KEY,
    application_id  uuid        NOT NULL,
    employer_id     uuid        NOT NULL,
    author_id       uuid        NOT NULL,
    ratings         jsonb       NOT NULL,
    recommendation  text        NOT NULL,
    comment         text,
    created_at      timestamptz NOT NULL
);
CREATE INDEX scorecards_application ON scorecards (application_id, created_at);

-- Interview invitations travel with their mail as an iCalendar attachment.
ALTER TABLE mail_outbox ADD COLUMN calendar text;

-- Interviews, for the employer's applicant screen and the candidate's list.
CREATE TABLE interviews (
    id                uuid        PRIMARY KEY,
    application_id    uuid        NOT NULL,
    candidate_id      uuid        NOT NULL,
    employer_id       uuid        NOT NULL,
    job_id            uuid        NOT NULL,
    job_title         text        NOT NULL,
    starts_at         timestamptz NOT NULL,
    duration_minutes  integer     NOT NULL,
    location          text,
    video_link        text,
    interviewers      jsonb       NOT NULL,
    status            text        NOT NULL,
    cancel_reason     text,
    version           bigint      NOT NULL,
    updated_at        timestamptz NOT NULL
);
CREATE INDEX interviews_application ON interviews (application_id, starts_at);
CREATE INDEX interviews_candidate ON interviews (candidate_id, starts_at);

-- Company profiles: what an employer's public job pages say about it.
CREATE TABLE companies (
    employer_id        uuid        PRIMARY KEY,
    name               text        NOT NULL,
    website            text,
    about              text,
    location           text,
    logo_key           text,
    logo_content_type  text,
    updated_at         timestamptz NOT NULL
);
GRANT SELECT (employer_id, name, website, location, updated_at) ON companies TO recruit_analyst;
