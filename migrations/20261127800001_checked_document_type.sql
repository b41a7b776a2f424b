-- A document's type is a closed choice like those of 20261127700001 (issue
-- 30): the read model reads it into the domain's DocumentType and refuses an
-- unknown value, so the table refuses one too, at the write that would store
-- it. `resume` is the fifth type (issue 27). Rebuilt shadow tables are made
-- `LIKE ... INCLUDING ALL` and carry the constraint.
-- language=PostgreSQL
ALTER TABLE documents
    ADD CONSTRAINT documents_document_type_known
        CHECK (document_type IN ('resume', 'cover_letter', 'portfolio', 'certificate', 'other'));
