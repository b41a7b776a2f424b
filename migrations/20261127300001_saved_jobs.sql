-- Jobs a candidate saved to find again (issue 27): the `saved_jobs` read
-- model, from JobSaved / JobUnsaved on the candidate's `saved-{id}` stream.
-- Personal (what someone is looking at), so no analyst grant; erasing the
-- candidate deletes their rows.

-- language=PostgreSQL
CREATE TABLE saved_jobs (
    candidate_id  uuid        NOT NULL,
    job_id        uuid        NOT NULL,
    saved_at      timestamptz NOT NULL,
    PRIMARY KEY (candidate_id, job_id)
);
