-- Read your writes without the client's help (issue 13): each signed-in user's
-- last written position, recorded by whichever process took the write, so that
-- the same user's next read on any process waits until the read models have it.
--
-- UNLOGGED: the row is rewritten on every command a user sends, and a
-- transaction that writes only unlogged tables commits without waiting for a
-- WAL flush, so recording it costs no fsync. After a crash PostgreSQL empties
-- the table; the next read then waits for nothing, as for a client that never
-- wrote (the read models catch up within milliseconds as before).
CREATE UNLOGGED TABLE last_writes (
    user_id        uuid PRIMARY KEY,
    position       bigint      NOT NULL,
    transaction_id bigint      NOT NULL,
    written_at     timestamptz NOT NULL DEFAULT now()
);
