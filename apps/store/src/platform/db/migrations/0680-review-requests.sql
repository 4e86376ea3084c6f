-- The owner's review of collaborators' changes: a collection whose draft a collaborator sent
-- for review, until the owner approves (publishes) it or sends it back with a note. The
-- drafts themselves stay in pending_changes.
CREATE TABLE review_requests (
  collection_id TEXT PRIMARY KEY,
  sent_by_id    TEXT NOT NULL,
  sent_by       TEXT NOT NULL,
  sent_at       INTEGER NOT NULL,
  status        TEXT NOT NULL CHECK (status IN ('waiting', 'returned')),
  note          TEXT,
  decided_at    INTEGER
) STRICT;
