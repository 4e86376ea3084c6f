-- The owner runs members in /admin: when each member last signed in, and the
-- members' settings the owner changes (approval), one row. The first start copies
-- MEMBER_APPROVAL into it; afterwards the owner's choice holds.
ALTER TABLE identities ADD COLUMN last_sign_in_at INTEGER;

CREATE TABLE member_settings (
  id               INTEGER PRIMARY KEY CHECK (id = 1),
  require_approval INTEGER NOT NULL
) STRICT;
