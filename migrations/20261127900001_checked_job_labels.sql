-- A listing's job type and specialisation are closed choices too (issue 30),
-- stored under the labels the board shows: the read models read them into
-- the domain's JobType and Specialisation and refuse an unknown label, so the
-- tables refuse one at the write that would store it. `jobs` and
-- `job_alerts` check them by the same two functions, so each list of labels
-- is written once; an alert's are null for "any" (a CHECK passes a null).
-- Rebuilt shadow tables are made `LIKE ... INCLUDING ALL` and carry the
-- constraints.
-- language=PostgreSQL
CREATE FUNCTION job_type_known(label text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN label IN ('Full-time', 'Part-time', 'Contract', 'Temporary');

CREATE FUNCTION specialisation_known(label text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN label IN ('Development + Testing', 'AI + Robotics', 'BI + Data Analytics',
                     'Cloud + Infrastructure', 'Digital', 'ERP/SAP/CRM', 'Executive IT',
                     'Project Services', 'Security + Cyber Security');

ALTER TABLE jobs
    ADD CONSTRAINT jobs_job_type_known CHECK (job_type_known(job_type)),
    ADD CONSTRAINT jobs_specialisation_known CHECK (specialisation_known(specialisation));

ALTER TABLE job_alerts
    ADD CONSTRAINT job_alerts_job_type_known CHECK (job_type_known(job_type)),
    ADD CONSTRAINT job_alerts_specialisation_known CHECK (specialisation_known(specialisation));
