-- The agency's contact inbox (issue 10): who a message is assigned to, how
-- many replies went out, and when it was handled. Rebuildable from events.

-- language=PostgreSQL
ALTER TABLE contact_messages
    ADD COLUMN assigned_to   uuid,
    ADD COLUMN replies       integer NOT NULL DEFAULT 0,
    ADD COLUMN last_reply_at timestamptz,
    ADD COLUMN handled_at    timestamptz;
