-- Who at the agency opened a candidate's record, and when (issue 10).

-- language=PostgreSQL
CREATE TABLE candidate_access_log (
    candidate_id  uuid        NOT NULL,
    viewed_by     uuid        NOT NULL,
    viewed_at     timestamptz NOT NULL
);
CREATE INDEX candidate_access_log_candidate ON candidate_access_log (candidate_id, viewed_at DESC);
