-- Data-subject keys are stored wrapped (AES-256-GCM) by a key-encryption key
-- (KEK) that never enters the database (issue 12): a dump of this database,
-- or read access to it, no longer decrypts anyone's personal data.
--
-- `wrapped_key` is nonce | ciphertext | tag; `kek_id` names the KEK that
-- wrapped it (a fingerprint, or `development`), so a process configured with
-- the current and the previous KEK reads both while `recruit keys rotate`
-- rewraps them.
--
-- SQL cannot wrap the existing clear keys: the KEK is not available here.
-- The server does it at every start (and `recruit migrate`, and `recruit keys
-- rotate`), setting `key` to NULL as it goes. `key` stays nullable for now:
-- during a rolling deploy a process of the previous release may still insert a
-- clear key, which the next start or rotation wraps. A later migration drops
-- the column once every deployment has run this release (docs/PRIVACY.md).
-- language=PostgreSQL
ALTER TABLE data_subject_keys
    ALTER COLUMN key DROP NOT NULL,
    ADD COLUMN wrapped_key bytea,
    ADD COLUMN kek_id      text,
    ADD CONSTRAINT data_subject_keys_wrapped_with_a_kek
        CHECK ((wrapped_key IS NULL) = (kek_id IS NULL)),
    ADD CONSTRAINT data_subject_keys_hold_a_key
        CHECK (key IS NOT NULL OR wrapped_key IS NOT NULL);

