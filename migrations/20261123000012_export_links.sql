-- A person's data export (issue 12: APP 12, GDPR articles 15 and 20).
-- Asking for one creates a download link that works once, for an hour, and
-- only with the session of the person or of an admin.

-- language=PostgreSQL

-- One row per link. The token itself is only ever in the answer to the
-- request (and the link the person follows): the table keeps its SHA-256,
-- like password-reset tokens, so a copy of the database opens no export.
-- The row stays after use as the record of who exported whose data, and
-- is removed 30 days after it expired (api/src/export/links.rs).
CREATE TABLE export_links (
    token_hash   bytea       PRIMARY KEY,
    subject_id   uuid        NOT NULL,  -- whose data: a candidate or employer account
    requested_by uuid        NOT NULL,  -- the person themselves, or an admin
    created_at   timestamptz NOT NULL DEFAULT now(),
    expires_at   timestamptz NOT NULL,
    used_at      timestamptz,           -- set once, atomically, before the download starts
    used_by      uuid
);

CREATE INDEX export_links_expires ON export_links (expires_at);

-- The export reads every event about the person: those sealed for them, in
-- position order, a page at a time. Without this index each page would scan
-- the whole log. Partial: job, company and reference events seal nothing.
CREATE INDEX events_by_subject ON events (data_subject, position) WHERE data_subject IS NOT NULL;
