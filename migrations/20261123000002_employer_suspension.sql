-- An admin can suspend an employer (issue 10): sessions issued before the
-- suspension stop working, even after a reinstatement.
ALTER TABLE accounts ADD COLUMN sessions_not_before timestamptz;
