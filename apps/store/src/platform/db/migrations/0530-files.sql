-- Private files. A file's bytes live in DATA_DIR/files/<id> (never under /media/);
-- its row is written after the bytes are durable. `uploaded_by` is the member who uploaded it,
-- NULL for the owner. A share is one batch: some files for some members (or all of them, with
-- `all_members`), with a folder, a note, an optional expiry; revoking sets `revoked_at`.
-- A receipt is a member's first download of a file.
CREATE TABLE files (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL,
  type        TEXT NOT NULL,
  size        INTEGER NOT NULL,
  sha256      TEXT NOT NULL,
  uploaded_by TEXT,
  created_at  INTEGER NOT NULL
) STRICT;
CREATE INDEX files_uploaded_by ON files (uploaded_by);

CREATE TABLE file_shares (
  id          TEXT PRIMARY KEY,
  folder      TEXT NOT NULL DEFAULT '',
  note        TEXT NOT NULL DEFAULT '',
  all_members INTEGER NOT NULL DEFAULT 0,
  expires_at  INTEGER,
  revoked_at  INTEGER,
  created_at  INTEGER NOT NULL
) STRICT;

CREATE TABLE file_share_files (
  share_id TEXT NOT NULL,
  file_id  TEXT NOT NULL,
  PRIMARY KEY (share_id, file_id)
) STRICT;
CREATE INDEX file_share_files_file ON file_share_files (file_id);

CREATE TABLE file_share_members (
  share_id  TEXT NOT NULL,
  member_id TEXT NOT NULL,
  PRIMARY KEY (share_id, member_id)
) STRICT;
CREATE INDEX file_share_members_member ON file_share_members (member_id);

CREATE TABLE file_receipts (
  file_id         TEXT NOT NULL,
  member_id       TEXT NOT NULL,
  first_opened_at INTEGER NOT NULL,
  PRIMARY KEY (file_id, member_id)
) STRICT;
CREATE INDEX file_receipts_member ON file_receipts (member_id);
