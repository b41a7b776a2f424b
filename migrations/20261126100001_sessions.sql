-- Security round 2 (issue 26): sessions have ids, and admins must use
-- two-factor sign-in.
--
-- One session can end on its own (signing out): the ids of ended sessions.
-- Part of the `accounts` read model, rebuilt from `SignedOut` events.
CREATE TABLE ended_sessions (
    session_id uuid PRIMARY KEY,
    account_id uuid NOT NULL,
    ended_at timestamptz NOT NULL
);

-- Turning two-factor sign-in on or off ends every session but the one that
-- did it: `sessions_not_before` ends the others, this one is kept.
ALTER TABLE accounts ADD COLUMN kept_session_id uuid;

-- Whether the account has two-factor sign-in on, read with every session
-- check (an admin without it may only set it up).
ALTER TABLE accounts ADD COLUMN two_factor_on boolean NOT NULL DEFAULT false;

-- Accounts that turned it on before this column existed: nothing turned it
-- off before (`TotpTurnedOff` is new), so every `TotpEnabled` still holds.
UPDATE accounts a SET two_factor_on = true
 WHERE EXISTS (SELECT 1 FROM events e
                WHERE e.stream_id = 'account-' || a.id::text AND e.event_type = 'TotpEnabled');
