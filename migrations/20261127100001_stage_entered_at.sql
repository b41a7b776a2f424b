-- Days in stage on the employer's board (issue 27): when each application
-- entered the stage it is in. The projector sets it on submission (New) and on
-- every event that changes the stage; a move that leaves the stage as it was
-- (a status set to what it already shows) keeps the earlier time.

-- language=PostgreSQL
ALTER TABLE applications ADD COLUMN stage_entered_at timestamptz;

-- Rows from before this migration: the business time of the latest event that
-- changed their stage, read from the log as a rebuild would fold it: an
-- `ApplicationMoved` to another stage (one to where it is only adds feedback),
-- or an `ApplicationStatusChanged` that changes the status shown (the card
-- moves only then). Without either it is still in New since it was submitted.
-- The log keeps nanoseconds; the projector stores them cut to microseconds
-- (not rounded), and so does this.
UPDATE applications a
   SET stage_entered_at = coalesce(
       (SELECT regexp_replace(CASE e.event_type WHEN 'ApplicationMoved' THEN e.payload->>'moved_at'
                                                ELSE e.payload->>'changed_at' END,
                              '(\.\d{6})\d+', '\1')::timestamptz
          FROM events e
         WHERE e.stream_id = 'application-' || a.id::text
           AND ((e.event_type = 'ApplicationMoved' AND e.payload->>'stage' <> e.payload->>'previous')
                OR (e.event_type = 'ApplicationStatusChanged' AND e.payload->>'status' <> e.payload->>'previous'))
         ORDER BY e.stream_version DESC
         LIMIT 1),
       a.created_at);

ALTER TABLE applications ALTER COLUMN stage_entered_at SET NOT NULL;
