-- Read models of the candidate portal: applications, documents, profiles and
-- notifications. All rebuildable from `events`.

-- language=PostgreSQL
CREATE TABLE applications (
    id               uuid        PRIMARY KEY,
    candidate_id     uuid        NOT NULL,
    employer_id      uuid        NOT NULL,
    job_id           uuid        NOT NULL,
    job_title        text        NOT NULL,
    company          text        NOT NULL,
    status           text        NOT NULL,
    feedback         text,
    resume_id        uuid,
    cover_letter_id  uuid,
    created_at       timestamptz NOT NULL,
    last_updated     timestamptz NOT NULL
);
CREATE INDEX applications_candidate ON applications (candidate_id, created_at DESC);
CREATE INDEX applications_employer ON applications (employer_id, created_at DESC);

CREATE TABLE documents (
    id             uuid        PRIMARY KEY,
    owner_id       uuid        NOT NULL,
    title          text        NOT NULL,
    description    text,
    document_type  text        NOT NULL,
    original_name  text        NOT NULL,
    storage_key    text        NOT NULL,
    content_type   text        NOT NULL,
    file_size      bigint      NOT NULL,
    created_at     timestamptz NOT NULL,
    updated_at     timestamptz NOT NULL
);
CREATE INDEX documents_owner ON documents (owner_id, created_at DESC);

CREATE TABLE candidate_profiles (
    candidate_id          uuid        PRIMARY KEY,
    profile               jsonb,
    resume_key            text,
    resume_original_name  text,
    resume_content_type   text,
    resume_size           bigint,
    updated_at            timestamptz NOT NULL
);

CREATE TABLE notifications (
    id          uuid        PRIMARY KEY,
    user_id     uuid        NOT NULL,
    user_role   text        NOT NULL,
    kind        text        NOT NULL,
    title       text        NOT NULL,
    message     text        NOT NULL,
    is_read     boolean     NOT NULL DEFAULT false,
    created_at  timestamptz NOT NULL
);
CREATE INDEX notifications_user ON notifications (user_id, created_at DESC);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE NOT is_read;

CREATE OR REPLACE FUNCTION apply_analyst_grants() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    GRANT USAGE ON SCHEMA public TO recruit_analyst;
    GRANT SELECT ON locations, salary_ranges, jobs, projector_checkpoints TO recruit_analyst;
    GRANT SELECT (id, role, company, status, created_at, updated_at) ON accounts TO recruit_analyst;
    GRANT SELECT (id, employer_id, job_id, job_title, company, status, created_at, last_updated) ON applications TO recruit_analyst;
    GRANT SELECT (id, document_type, content_type, file_size, created_at) ON documents TO recruit_analyst;
END;
$$;

SELECT apply_analyst_grants();
