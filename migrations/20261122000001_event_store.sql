-- The write side: an append-only event log plus the few tables that must change
-- in the same transaction as an append (uniqueness claims, personal-data keys,
-- the mail outbox). Everything else is a read model built from `events`.

-- language=PostgreSQL
CREATE TABLE events (
    -- Global order for people (auditors, `events tail`). Projectors order by
    -- (transaction_id, position) instead: see docs/ARCHITECTURE.md, "Reading the
    -- global log without skipping late commits".
    position        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    transaction_id  xid8        NOT NULL DEFAULT pg_current_xact_id(),
    event_id        uuid        NOT NULL,
    stream_id       text        NOT NULL,
    stream_version  bigint      NOT NULL CHECK (stream_version > 0),
    event_type      text        NOT NULL,
    schema_version  integer     NOT NULL CHECK (schema_version > 0),
    -- Personal fields inside payload are encrypted with the key of data_subject
    -- (crypto-shredding): deleting that key erases the person, history stays.
    payload         jsonb       NOT NULL,
    metadata        jsonb       NOT NULL,
    data_subject    uuid,
    recorded_at     timestamptz NOT NULL DEFAULT clock_timestamp(),
    CONSTRAINT events_stream_version_key UNIQUE (stream_id, stream_version),
    CONSTRAINT events_event_id_key UNIQUE (event_id)
);

CREATE INDEX events_global_order ON events (transaction_id, position);

-- History is never edited: not by the application, not by a slip in psql.
CREATE FUNCTION events_are_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'events are append-only: % is not allowed', TG_OP;
END;
$$;

CREATE TRIGGER events_no_update_or_delete
    BEFORE UPDATE OR DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION events_are_append_only();

CREATE TRIGGER events_no_truncate
    BEFORE TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION events_are_append_only();

-- One AES-256-GCM key per data subject (a person, or one contact message).
CREATE TABLE data_subject_keys (
    subject_id  uuid        PRIMARY KEY,
    key         bytea       NOT NULL CHECK (octet_length(key) = 32),
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- Cross-stream uniqueness (one account per email per role, one application per
-- candidate per job). Claimed inside the append transaction, so it can never lag.
-- value_hash is a SHA-256 of the normalised value: no plaintext personal data.
CREATE TABLE unique_claims (
    scope       text        NOT NULL,
    value_hash  text        NOT NULL,
    owner_id    uuid        NOT NULL,
    claimed_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, value_hash)
);

-- Outgoing mail, written in the same transaction as the event that causes it and
-- sent (with retries) by the mail sender. Rows hold secrets such as reset links,
-- so sent rows are purged after a retention period.
CREATE TABLE mail_outbox (
    id              uuid        PRIMARY KEY,
    recipient       text        NOT NULL,
    subject         text        NOT NULL,
    body            text        NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    attempts        integer     NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    sent_at         timestamptz,
    last_error      text
);

CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL;

-- Failed sign-in attempts, shared by every api process.
CREATE TABLE login_throttle (
    key           text        PRIMARY KEY,
    failures      integer     NOT NULL,
    window_start  timestamptz NOT NULL,
    blocked_until timestamptz
);
