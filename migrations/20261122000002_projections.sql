-- The read side: projector checkpoints and the read models they own. Read models
-- are disposable: `recruit projections rebuild` rebuilds them from `events` into
-- shadow tables and swaps them in.

-- language=PostgreSQL
CREATE TABLE projector_checkpoints (
    name                 text        PRIMARY KEY,
    -- Position in the (transaction_id, position) order of the events table.
    last_transaction_id  bigint      NOT NULL DEFAULT 0,
    last_position        bigint      NOT NULL DEFAULT 0,
    events_seen          bigint      NOT NULL DEFAULT 0,
    status               text        NOT NULL DEFAULT 'idle',
    last_error           text,
    failing_since        timestamptz,
    attempts             integer     NOT NULL DEFAULT 0,
    updated_at           timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE accounts (
    id          uuid        PRIMARY KEY,
    role        text        NOT NULL,
    name        text        NOT NULL,
    email       text        NOT NULL,
    phone       text,
    company     text,
    status      text        NOT NULL,
    created_at  timestamptz NOT NULL,
    updated_at  timestamptz NOT NULL
);
CREATE INDEX accounts_role_status ON accounts (role, status);

CREATE TABLE locations (
    id            uuid        PRIMARY KEY,
    display_name  text        NOT NULL,
    state         text        NOT NULL,
    sort_order    integer     NOT NULL
);

CREATE TABLE salary_ranges (
    id            uuid        PRIMARY KEY,
    display_name  text        NOT NULL,
    min_amount    integer     NOT NULL,
    max_amount    integer,
    sort_order    integer     NOT NULL
);

CREATE TABLE jobs (
    id                uuid        PRIMARY KEY,
    employer_id       uuid        NOT NULL,
    title             text        NOT NULL,
    company           text        NOT NULL,
    location_id       uuid,
    location          text        NOT NULL,
    job_type          text        NOT NULL,
    specialisation    text        NOT NULL,
    salary            text        NOT NULL,
    salary_range_id   uuid,
    description       text        NOT NULL,
    responsibilities  jsonb       NOT NULL,
    requirements      jsonb       NOT NULL,
    status            text        NOT NULL,
    created_at        timestamptz NOT NULL,
    updated_at        timestamptz NOT NULL,
    expires_at        timestamptz,
    closed_at         timestamptz
);
CREATE INDEX jobs_board ON jobs (status, created_at DESC);
CREATE INDEX jobs_employer ON jobs (employer_id);

CREATE TABLE contact_messages (
    id          uuid        PRIMARY KEY,
    first_name  text        NOT NULL,
    last_name   text        NOT NULL,
    email       text        NOT NULL,
    phone       text,
    message     text        NOT NULL,
    received_at timestamptz NOT NULL
);

-- Analysts query read models with plain SQL through a read-only role.
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'recruit_analyst') THEN
        CREATE ROLE recruit_analyst NOLOGIN;
    END IF;
END
$$;

-- Kept as a function because a rebuild swaps tables in, and grants do not travel
-- with a dropped table: the swap calls this again. No personal columns here.
CREATE FUNCTION apply_analyst_grants() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    GRANT USAGE ON SCHEMA public TO recruit_analyst;
    GRANT SELECT ON locations, salary_ranges, jobs, projector_checkpoints TO recruit_analyst;
    GRANT SELECT (id, role, company, status, created_at, updated_at) ON accounts TO recruit_analyst;
END;
$$;

SELECT apply_analyst_grants();
