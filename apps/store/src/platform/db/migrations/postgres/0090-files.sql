-- Private files: the same tables as SQLite's migration 0530.
CREATE TABLE files (
  id          text COLLATE "C" PRIMARY KEY,
  name        text COLLATE "C" NOT NULL,
  type        text COLLATE "C" NOT NULL,
  size        bigint NOT NULL,
  sha256      text COLLATE "C" NOT NULL,
  uploaded_by text COLLATE "C",
  created_at  bigint NOT NULL
);
CREATE INDEX files_uploaded_by ON files (uploaded_by);

CREATE TABLE file_shares (
  id          text COLLATE "C" PRIMARY KEY,
  folder      text COLLATE "C" NOT NULL DEFAULT '',
  note        text COLLATE "C" NOT NULL DEFAULT '',
  all_members integer NOT NULL DEFAULT 0,
  expires_at  bigint,
  revoked_at  bigint,
  created_at  bigint NOT NULL
);

CREATE TABLE file_share_files (
  share_id text COLLATE "C" NOT NULL,
  file_id  text COLLATE "C" NOT NULL,
  PRIMARY KEY (share_id, file_id)
);
CREATE INDEX file_share_files_file ON file_share_files (file_id);

CREATE TABLE file_share_members (
  share_id  text COLLATE "C" NOT NULL,
  member_id text COLLATE "C" NOT NULL,
  PRIMARY KEY (share_id, member_id)
);
CREATE INDEX file_share_members_member ON file_share_members (member_id);

CREATE TABLE file_receipts (
  file_id         text COLLATE "C" NOT NULL,
  member_id       text COLLATE "C" NOT NULL,
  first_opened_at bigint NOT NULL,
  PRIMARY KEY (file_id, member_id)
);
CREATE INDEX file_receipts_member ON file_receipts (member_id);
