-- The contact form's messages: the same table as SQLite's migration 0560.
CREATE TABLE contact_messages (
  id         text COLLATE "C" PRIMARY KEY,
  name       text NOT NULL,
  email      text NOT NULL,
  message    text NOT NULL,
  status     text COLLATE "C" NOT NULL CHECK (status IN ('new', 'read', 'archived')),
  created_at bigint NOT NULL
);
CREATE INDEX contact_messages_created ON contact_messages (created_at);
