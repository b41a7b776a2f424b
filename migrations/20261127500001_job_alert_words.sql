-- Job alerts match by whole words (issue 28, matching speed).
--
-- Before: an alert matched a job whose title held its keywords as a
-- substring, found by one index probe per substring of the title (a
-- 44-character title is 792 probes; p99 180 ms at 100,000 alerts). A
-- substring also matched what nobody looked for: "go" found "Django" and
-- "MongoDB", "java" found "JavaScript".
--
-- Now an alert's keywords are a set of words, and a job matches when its
-- title holds every one of them, in any order, ignoring case. A partial word
-- no longer matches ("dev" does not find "Developer"). The words live in
-- generated columns, so the projector, a rebuild (its shadow tables are
-- created LIKE these, INCLUDING ALL) and the benchmark all get them from the
-- same function.

-- Calls between these functions name the schema (public.): a dump restored
-- with psql runs with an empty search_path, where an unqualified call inside
-- a function body that a generated column uses is not found.

-- The words of a text, lower case, each once, in order: split on anything
-- but letters, digits and the characters IT names are made of (`c#`, `c++`,
-- `.net`, `node.js`), a sentence's full stop dropped ("Sr." is "sr"), and a
-- piece without a letter or digit (a lone "+" or "-") is no word.
CREATE FUNCTION job_alert_words(text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT coalesce(array_agg(DISTINCT w ORDER BY w), '{}')
      FROM regexp_split_to_table(lower($1), '[^[:alnum:]+#.]+') AS piece,
           rtrim(piece, '.') AS w
     WHERE w ~ '[[:alnum:]]'
$$;

-- What an alert's keywords ask of a title: their words ('{}' for no
-- keywords). Keywords with no word in them (say "!!!") ask for themselves,
-- which no title's words hold: such an alert matches nothing, not everything.
CREATE FUNCTION job_alert_keyword_words(keywords text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE
        WHEN keywords IS NULL OR btrim(keywords) = '' THEN '{}'::text[]
        WHEN public.job_alert_words(keywords) = '{}' THEN ARRAY[lower(btrim(keywords))]
        ELSE public.job_alert_words(keywords)
    END
$$;

-- The keys an alert is found by (GIN-indexed): one per word of its keywords
-- ('*' for an alert without keywords), each with every other criterion of
-- the alert in it, '' for one it leaves open:
-- 'java|{location}|{salary range}|{job type}|{specialisation}'.
-- A published job looks alerts up by every key it could match
-- (job_alert_probe): each word of its title and '*', with each criterion
-- either its own value or ''. So the index finds only alerts that share a
-- word with the title and whose criteria all fit the job (an alert with
-- several words is found by any of them; whether the title holds them all is
-- tested on those rows), not every alert that mentions "engineer" anywhere
-- in Australia, which a key of the word alone would.
CREATE FUNCTION job_alert_match_keys(keywords text, location_id uuid, salary_range_id uuid,
                                     job_type text, specialisation text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT array_agg(w || '|' || coalesce(location_id::text, '') || '|' || coalesce(salary_range_id::text, '')
                       || '|' || coalesce(job_type, '') || '|' || coalesce(specialisation, ''))
      FROM unnest(CASE WHEN public.job_alert_keyword_words(keywords) = '{}' THEN ARRAY['*']
                       ELSE public.job_alert_keyword_words(keywords) END) AS w
$$;

-- The keys a published job looks alerts up by (see job_alert_match_keys):
-- (its title's words and '*') x 2 x 2 x 2 x 2, at most 16 per word.
CREATE FUNCTION job_alert_probe(title text, location_id uuid, salary_range_id uuid,
                                job_type text, specialisation text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT array_agg(w || '|' || l || '|' || s || '|' || t || '|' || p)
      FROM unnest(public.job_alert_words(title) || '*'::text) AS w,
           unnest(array_remove(ARRAY['', location_id::text], NULL)) AS l,
           unnest(array_remove(ARRAY['', salary_range_id::text], NULL)) AS s,
           unnest(array_remove(ARRAY['', job_type], NULL)) AS t,
           unnest(array_remove(ARRAY['', specialisation], NULL)) AS p
$$;

DROP INDEX job_alerts_matching;
ALTER TABLE job_alerts
    DROP COLUMN keywords_key,
    ADD COLUMN keyword_words text[] NOT NULL
        GENERATED ALWAYS AS (public.job_alert_keyword_words(keywords)) STORED,
    ADD COLUMN match_keys text[] NOT NULL
        GENERATED ALWAYS AS (public.job_alert_match_keys(keywords, location_id, salary_range_id,
                                                   job_type, specialisation)) STORED;

-- What the job alert policy reads for each published job: the active alerts
-- sharing a key with it. fastupdate off: alerts are written far less often
-- than jobs are matched, so no pending list for every match to scan.
CREATE INDEX job_alerts_match_keys ON job_alerts USING gin (match_keys)
    WITH (fastupdate = off) WHERE NOT paused;

-- The new columns hold what the candidate typed: apply_analyst_grants()
-- names its columns, so analysts do not get them.
