-- Lock-out as a weapon (issue 26): five wrong passwords from anywhere used to
-- lock the right password out for 15 minutes, so anyone could lock anyone
-- out. A client (an IPv4 address or an IPv6 /64) that signed in to an account
-- successfully is now "known" to it for 90 days: its attempts at that account
-- count against a budget of their own (5 in 15 minutes, like everyone's), so
-- strangers' failures do not lock the owner out where they usually sign in.
--
-- Both columns are keyed hashes (HMAC with the claim key): the table names
-- neither the email nor the address, and one address's rows for two accounts
-- do not match. Rows older than 90 days are deleted by the next successful
-- sign-in; an erasure deletes the person's rows.
CREATE TABLE known_sign_in_clients (
    account_key       text        NOT NULL,  -- role and keyed hash of the email
    client_key        text        NOT NULL,  -- keyed hash of the account and the client
    last_signed_in_at timestamptz NOT NULL,
    PRIMARY KEY (account_key, client_key)
);

CREATE INDEX known_sign_in_clients_last_signed_in_at
    ON known_sign_in_clients (last_signed_in_at);
