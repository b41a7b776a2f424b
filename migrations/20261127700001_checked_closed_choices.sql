-- Closed choices in the read models are checked text (issue 30): the Rust
-- side reads them into enums (domain::account::Role, AccountRowStatus,
-- JobStatus) and refuses an unknown value, so the table refuses one too, at
-- the write that would store it rather than at a later read.
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
