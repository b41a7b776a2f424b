-- Cached answers of retried commands (issue 26). An answer is replayed only to
-- the user it was given to, while a session of theirs is valid; the row keeps
-- that user so that their erasure deletes their answers. NULL: an anonymous
-- caller's answer, or a row kept before this release.
ALTER TABLE idempotency_keys ADD COLUMN subject uuid;

CREATE INDEX idempotency_keys_subject ON idempotency_keys (subject) WHERE subject IS NOT NULL;

-- Rows kept before this release are never replayed (their scope was a hash of
-- the whole Authorization header, which no new scope matches, and they have no
-- subject); the purge deletes them once they are 24 hours old. Nothing purged
-- them before, so those already older go now, and so do those that hold a
-- credential or a data-export link (a sign-in's token or challenge, a
-- two-factor secret, recovery codes), which are no longer kept at all.
DELETE FROM idempotency_keys
 WHERE created_at < now() - interval '24 hours'
    OR EXISTS (
        SELECT 1
          FROM unnest(ARRAY['"token"', '"challenge"', '"secret"', '"otpauth_url"',
                            '"recovery_codes"', '/api/exports/']) AS t(needle)
         WHERE position(convert_to(t.needle, 'UTF8') IN idempotency_keys.body) > 0
    );
