-- The owner's review of collaborators' changes: the same table as SQLite's migration 0680.
CREATE TABLE review_requests (
  collection_id text COLLATE "C" PRIMARY KEY,
  sent_by_id    text COLLATE "C" NOT NULL,
  sent_by       text NOT NULL,
  sent_at       bigint NOT NULL,
  status        text COLLATE "C" NOT NULL CHECK (status IN ('waiting', 'returned')),
  note          text,
  decided_at    bigint
);
