-- Closed choices in the read models are checked text (issue 30): the Rust
-- side reads them into enums (the domain's Role, ApplicationStatus, Stage,
-- Frequency, SubjectKind and Grounds; the read models' AccountRowStatus,
-- JobStatus and InterviewStatus) and refuses an unknown value, so the table
-- refuses one too, at the write that would store it rather than at a later
-- read.
--
-- A rebuild's shadow tables are made `LIKE ... INCLUDING ALL`, so they carry
-- these constraints as well.
ALTER TABLE accounts
    ADD CONSTRAINT accounts_role_known
        CHECK (role IN ('candidate', 'employer', 'admin')),
    -- `erased` is the read model's own: the account of an erased subject.
    ADD CONSTRAINT accounts_status_known
        CHECK (status IN ('pending', 'active', 'rejected', 'suspended', 'removed', 'erased'));

-- `expired` is never stored: reads compute it from `expires_at`.
ALTER TABLE jobs
    ADD CONSTRAINT jobs_status_known
        CHECK (status IN ('draft', 'open', 'closed'));

-- What the candidate sees, and where the employer has it.
ALTER TABLE applications
    ADD CONSTRAINT applications_status_known
        CHECK (status IN ('pending', 'accepted', 'rejected')),
    ADD CONSTRAINT applications_stage_known
        CHECK (stage IN ('new', 'screening', 'interview', 'offer', 'hired', 'rejected'));

ALTER TABLE interviews
    ADD CONSTRAINT interviews_status_known
        CHECK (status IN ('scheduled', 'cancelled'));

ALTER TABLE job_alerts
    ADD CONSTRAINT job_alerts_frequency_known
        CHECK (frequency IN ('instant', 'daily'));

ALTER TABLE job_alert_matches
    ADD CONSTRAINT job_alert_matches_frequency_known
        CHECK (frequency IN ('instant', 'daily'));

-- Grounds are null while a candidate is only warned of an erasure to come.
ALTER TABLE erasures
    ADD CONSTRAINT erasures_subject_kind_known
        CHECK (subject_kind IN ('candidate', 'employer', 'contact_message')),
    ADD CONSTRAINT erasures_grounds_known
        CHECK (grounds IN ('person_asked', 'admin_decision', 'retention_period'));
