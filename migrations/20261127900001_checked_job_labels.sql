-- A listing's job type and specialisation are closed choices too (issue 30),
-- stored under the labels the board shows: the read models read them into
-- the domain's JobType and Specialisation and refuse an unknown label, so the
-- tables refuse one at the write that would store it. An alert's are null
-- for "any". Rebuilt shadow tables are made `LIKE ... INCLUDING ALL` and
-- carry the constraints.
-- language=PostgreSQL
ALTER TABLE jobs
    ADD CONSTRAINT jobs_job_type_known
        CHECK (job_type IN ('Full-time', 'Part-time', 'Contract', 'Temporary')),
    ADD CONSTRAINT jobs_specialisation_known
        CHECK (specialisation IN ('Development + Testing', 'AI + Robotics', 'BI + Data Analytics',
                                  'Cloud + Infrastructure', 'Digital', 'ERP/SAP/CRM', 'Executive IT',
                                  'Project Services', 'Security + Cyber Security'));

ALTER TABLE job_alerts
    ADD CONSTRAINT job_alerts_job_type_known
        CHECK (job_type IN ('Full-time', 'Part-time', 'Contract', 'Temporary')),
    ADD CONSTRAINT job_alerts_specialisation_known
        CHECK (specialisation IN ('Development + Testing', 'AI + Robotics', 'BI + Data Analytics',
                                  'Cloud + Infrastructure', 'Digital', 'ERP/SAP/CRM', 'Executive IT',
                                  'Project Services', 'Security + Cyber Security'));
