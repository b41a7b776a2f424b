-- Where a notification leads when it is clicked (issue 28: a job alert's
-- bell item opens the new job's page). A path on the recipient's own site,
-- null for a notification that leads nowhere (every one raised before this).
-- The notifications projector writes it from the event's `link`, so a
-- rebuild reproduces it.
ALTER TABLE notifications ADD COLUMN link text;
