-- Idempotency keys: a command retried with the same Idempotency-Key gets the
-- answer of the first try instead of running twice (or a 409 that hides
-- whether the first try worked). Kept 24 hours.
CREATE TABLE idempotency_keys (
    scope        text        NOT NULL,  -- who asked and what: principal, method, path
    key          text        NOT NULL,
    request_hash text        NOT NULL,  -- SHA-256 of the body: the same key with another body is refused
    status       smallint,              -- NULL while the first try runs
    content_type text,
    consistency  bigint,
    location     text,
    body         bytea,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
