-- Lists now order rows of the same instant by id as well (jobs posted by one
-- seed run, applications of one import): without it PostgreSQL returned ties
-- in whatever order it read them, and a page could differ between two reads.
-- The indexes that serve those lists carry the id too, so each list is still
-- read in index order, without a sort.
DROP INDEX jobs_board;
CREATE INDEX jobs_board ON jobs (status, created_at DESC, id DESC);
DROP INDEX applications_candidate;
CREATE INDEX applications_candidate ON applications (candidate_id, created_at DESC, id DESC);
DROP INDEX applications_employer;
CREATE INDEX applications_employer ON applications (employer_id, created_at DESC, id DESC);
DROP INDEX documents_owner;
CREATE INDEX documents_owner ON documents (owner_id, created_at DESC, id DESC);
DROP INDEX application_notes_application;
CREATE INDEX application_notes_application ON application_notes (application_id, created_at, id);
DROP INDEX scorecards_application;
CREATE INDEX scorecards_application ON scorecards (application_id, created_at, id);
DROP INDEX interviews_application;
CREATE INDEX interviews_application ON interviews (application_id, starts_at, id);
DROP INDEX interviews_candidate;
CREATE INDEX interviews_candidate ON interviews (candidate_id, starts_at, id);
DROP INDEX erasures_erased_at;
CREATE INDEX erasures_erased_at ON erasures (erased_at DESC, subject_id) WHERE erased_at IS NOT NULL;
