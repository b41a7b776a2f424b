-- Job alerts (issue 28): candidates' saved searches and the jobs that
-- matched them. Both tables belong to the `job_alerts` projector.

CREATE TABLE job_alerts (
    id               uuid        PRIMARY KEY,
    candidate_id     uuid        NOT NULL,
    name             text        NOT NULL,
    keywords         text,
    -- The keywords as they are matched: trimmed, lower case, '' for none.
    -- A published job's title gives every substring it holds, and the
    -- matching alerts are found by equality on this column (an index
    -- lookup per substring) rather than by testing every alert's pattern.
    keywords_key     text        NOT NULL,
    location_id      uuid,
    salary_range_id  uuid,
    job_type         text,
    specialisation   text,
    frequency        text        NOT NULL,
    paused           boolean     NOT NULL DEFAULT false,
    created_at       timestamptz NOT NULL,
    updated_at       timestamptz NOT NULL
);
CREATE INDEX job_alerts_candidate ON job_alerts (candidate_id, created_at);
-- What the job alert policy reads for each published job: active alerts by
-- their keywords, with the other criteria in the index so they are tested
-- on the index entries.
CREATE INDEX job_alerts_matching ON job_alerts
    (keywords_key, location_id, salary_range_id, job_type, specialisation, created_at)
    WHERE NOT paused;

CREATE TABLE job_alert_matches (
    id            uuid        PRIMARY KEY,
    alert_id      uuid        NOT NULL,
    candidate_id  uuid        NOT NULL,
    job_id        uuid        NOT NULL,
    job_title     text        NOT NULL,
    frequency     text        NOT NULL,
    matched_at    timestamptz NOT NULL,
    -- When a daily digest mailed it; null until then (and for instant alerts).
    digested_at   timestamptz
);
CREATE INDEX job_alert_matches_alert ON job_alert_matches (alert_id, matched_at DESC);
CREATE INDEX job_alert_matches_candidate ON job_alert_matches (candidate_id);
-- What the daily digest reads: matches no digest has carried yet.
CREATE INDEX job_alert_matches_pending ON job_alert_matches (matched_at)
    WHERE frequency = 'daily' AND digested_at IS NULL;

-- The admin analytics' figure: alerts created and alert mails sent (instant
-- ones and digests) per week, Monday to Sunday in Sydney. Counts only: an
-- erasure leaves them as they are, like the applications' funnel.
CREATE TABLE job_alert_weeks (
    week            date    PRIMARY KEY,
    alerts_created  integer NOT NULL DEFAULT 0,
    mails_sent      integer NOT NULL DEFAULT 0
);

-- The one-click unsubscribe of an alert mail (RFC 8058): the URL its
-- List-Unsubscribe header names; the sender adds List-Unsubscribe-Post.
ALTER TABLE mail_outbox ADD COLUMN list_unsubscribe text;

-- Analysts count alerts and matches but never read what a candidate typed
-- (the alert's name and keywords) or whose alert it is.
CREATE OR REPLACE FUNCTION apply_analyst_grants() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    GRANT USAGE ON SCHEMA public TO recruit_analyst;
    GRANT SELECT ON locations, salary_ranges, jobs, projector_checkpoints TO recruit_analyst;
    GRANT SELECT (id, role, company, status, created_at, updated_at) ON accounts TO recruit_analyst;
    GRANT SELECT (id, employer_id, job_id, job_title, company, status, stage, created_at, last_updated,
                  first_response_at, hired_at, withdrawn_at) ON applications TO recruit_analyst;
    GRANT SELECT (id, document_type, content_type, file_size, created_at) ON documents TO recruit_analyst;
    GRANT SELECT (subject_kind, grounds, erased_at, completed_at) ON erasures TO recruit_analyst;
    GRANT SELECT (id, location_id, salary_range_id, job_type, specialisation, frequency, paused,
                  created_at, updated_at) ON job_alerts TO recruit_analyst;
    GRANT SELECT (id, alert_id, job_id, job_title, frequency, matched_at, digested_at) ON job_alert_matches TO recruit_analyst;
    GRANT SELECT ON job_alert_weeks TO recruit_analyst;
END;
$$;

SELECT apply_analyst_grants();
