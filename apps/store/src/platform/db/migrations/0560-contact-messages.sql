-- The contact form's messages: what visitors wrote, for the owner to read in /admin.
-- Status: 'new' until the owner opens it, then 'read'; 'archived' when put away.
CREATE TABLE contact_messages (
  id         TEXT PRIMARY KEY,
  name       TEXT NOT NULL,
  email      TEXT NOT NULL,
  message    TEXT NOT NULL,
  status     TEXT NOT NULL CHECK (status IN ('new', 'read', 'archived')),
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX contact_messages_created ON contact_messages (created_at);
