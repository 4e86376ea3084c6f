/** @module All SQL for private files, their shares and receipts. */
import type { FileReceipt, ShareRecord } from "@consultant/site-content/wire";
import type { Db } from "../platform/db/sql-db.ts";

export type FileRow = {
  id: string;
  name: string;
  type: string;
  size: number;
  sha256: string;
  /** The member who uploaded it; null for the owner. */
  uploadedBy: string | null;
  createdAt: number;
};

/** A share's own row (the wire's share without its files and members). */
export type ShareRow = Omit<ShareRecord, "fileIds" | "memberIds">;

export type NewShare = Omit<ShareRecord, "revokedAt">;

/** A file as a member sees it through one share. */
export type MemberFileRow = FileRow & {
  shareId: string;
  folder: string;
  note: string;
  expiresAt: number | null;
  sharedAt: number;
  firstOpenedAt: number | null;
};

type RawFile = {
  id: string;
  name: string;
  type: string;
  size: number | string;
  sha256: string;
  uploaded_by: string | null;
  created_at: number | string;
};
type RawShare = {
  id: string;
  folder: string;
  note: string;
  all_members: number;
  expires_at: number | string | null;
  revoked_at: number | string | null;
  created_at: number | string;
};
type RawMemberFile = RawFile & {
  share_id: string;
  folder: string;
  note: string;
  expires_at: number | string | null;
  shared_at: number | string;
  first_opened_at: number | string | null;
};

const num = (value: number | string) => Number(value);
const numOrNull = (value: number | string | null) => (value === null ? null : Number(value));

function toFile(row: RawFile): FileRow {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    size: num(row.size),
    sha256: row.sha256,
    uploadedBy: row.uploaded_by,
    createdAt: num(row.created_at),
  };
}

function toShare(row: RawShare): ShareRow {
  return {
    id: row.id,
    folder: row.folder,
    note: row.note,
    allMembers: Number(row.all_members) === 1,
    expiresAt: numOrNull(row.expires_at),
    revokedAt: numOrNull(row.revoked_at),
    createdAt: num(row.created_at),
  };
}

/** Shares naming the member (or all members), not revoked, of one file or all. */
const MEMBER_SHARES = `
  SELECT f.*, s.id AS share_id, s.folder, s.note, s.expires_at, s.created_at AS shared_at,
         r.first_opened_at
  FROM file_shares s
  JOIN file_share_files sf ON sf.share_id = s.id
  JOIN files f ON f.id = sf.file_id
  LEFT JOIN file_receipts r ON r.file_id = f.id AND r.member_id = @memberId
  WHERE s.revoked_at IS NULL
    AND (s.all_members = 1 OR EXISTS (
      SELECT 1 FROM file_share_members sm WHERE sm.share_id = s.id AND sm.member_id = @memberId))`;

export type FilesStore = ReturnType<typeof createFilesStore>;

export function createFilesStore(db: Db) {
  const s = {
    insertFile: db.prepare(
      `INSERT INTO files (id, name, type, size, sha256, uploaded_by, created_at)
       VALUES (@id, @name, @type, @size, @sha256, @uploadedBy, @createdAt)`,
    ),
    file: db.prepare<[string], RawFile>("SELECT * FROM files WHERE id = ?"),
    ownerFiles: db.prepare<[], RawFile>(
      "SELECT * FROM files WHERE uploaded_by IS NULL ORDER BY created_at DESC, id",
    ),
    memberUploads: db.prepare<[], RawFile>(
      "SELECT * FROM files WHERE uploaded_by IS NOT NULL ORDER BY created_at DESC, id",
    ),
    uploadsOf: db.prepare<[string], RawFile>(
      "SELECT * FROM files WHERE uploaded_by = ? ORDER BY created_at DESC, id",
    ),
    insertShare: db.prepare(
      `INSERT INTO file_shares (id, folder, note, all_members, expires_at, created_at)
       VALUES (@id, @folder, @note, @allMembers, @expiresAt, @createdAt)`,
    ),
    insertShareFile: db.prepare("INSERT INTO file_share_files (share_id, file_id) VALUES (?, ?)"),
    insertShareMember: db.prepare(
      "INSERT INTO file_share_members (share_id, member_id) VALUES (?, ?)",
    ),
    shares: db.prepare<[], RawShare>("SELECT * FROM file_shares ORDER BY created_at DESC, id"),
    share: db.prepare<[string], RawShare>("SELECT * FROM file_shares WHERE id = ?"),
    shareFiles: db.prepare<[], { share_id: string; file_id: string }>(
      "SELECT share_id, file_id FROM file_share_files",
    ),
    shareMembers: db.prepare<[], { share_id: string; member_id: string }>(
      "SELECT share_id, member_id FROM file_share_members",
    ),
    revoke: db.prepare("UPDATE file_shares SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL"),
    memberFiles: db.prepare<[{ memberId: string }], RawMemberFile>(
      `${MEMBER_SHARES} ORDER BY s.created_at DESC, f.name`,
    ),
    memberFile: db.prepare<[{ memberId: string; fileId: string }], RawMemberFile>(
      `${MEMBER_SHARES} AND f.id = @fileId`,
    ),
    receipt: db.prepare(
      `INSERT INTO file_receipts (file_id, member_id, first_opened_at) VALUES (?, ?, ?)
       ON CONFLICT (file_id, member_id) DO NOTHING`,
    ),
    receipts: db.prepare<[], { file_id: string; member_id: string; first_opened_at: number }>(
      "SELECT * FROM file_receipts",
    ),
    unusedOwnerFiles: db.prepare<[number], RawFile>(
      `SELECT * FROM files f WHERE f.uploaded_by IS NULL AND f.created_at < ? AND NOT EXISTS (
         SELECT 1 FROM file_share_files sf JOIN file_shares s ON s.id = sf.share_id
         WHERE sf.file_id = f.id AND s.revoked_at IS NULL)`,
    ),
    bytesUploadedBy: db.prepare<[string], { total: number | string | null }>(
      "SELECT sum(size) AS total FROM files WHERE uploaded_by = ?",
    ),
    // PostgreSQL: nodes adding a member's uploads at once queue on the member's row, so each
    // sums what the one before it committed (SQLite has one writer at a time already).
    lockUploader:
      db.dialect === "postgres"
        ? db.prepare<[string]>("SELECT id FROM identities WHERE id = ? FOR UPDATE")
        : null,
    fileIds: db.prepare<[], { id: string }>("SELECT id FROM files"),
    dropFile: db.prepare("DELETE FROM files WHERE id = ?"),
    dropFileShares: db.prepare("DELETE FROM file_share_files WHERE file_id = ?"),
    dropFileReceipts: db.prepare("DELETE FROM file_receipts WHERE file_id = ?"),
  };

  const dropFile = db.transaction((id: string) => {
    s.dropFileShares.run(id);
    s.dropFileReceipts.run(id);
    s.dropFile.run(id);
  });

  const bytesUploadedBy = (memberId: string) => Number(s.bytesUploadedBy.get(memberId)?.total ?? 0);

  const addUploadWithin = db.transaction(
    (file: FileRow & { uploadedBy: string }, quota: number) => {
      s.lockUploader?.run(file.uploadedBy);
      if (bytesUploadedBy(file.uploadedBy) + file.size > quota) return false;
      s.insertFile.run(file);
      return true;
    },
  );

  return {
    addFile(file: FileRow): void {
      s.insertFile.run(file);
    },

    /** Bytes the member's uploads hold together. */
    bytesUploadedBy,

    /**
     * Adds a member's upload unless their uploads would then hold more than `quota` bytes: the
     * sum and the insert are one transaction, so uploads at once never pass the quota together.
     */
    addUploadWithin(file: FileRow & { uploadedBy: string }, quota: number): boolean {
      return addUploadWithin(file, quota);
    },

    file(id: string): FileRow | null {
      const row = s.file.get(id);
      return row === undefined ? null : toFile(row);
    },

    ownerFiles(): FileRow[] {
      return s.ownerFiles.all().map(toFile);
    },

    /** Every member's uploads, newest first. */
    memberUploads(): FileRow[] {
      return s.memberUploads.all().map(toFile);
    },

    uploadsOf(memberId: string): FileRow[] {
      return s.uploadsOf.all(memberId).map(toFile);
    },

    addShare: db.transaction((share: NewShare): void => {
      s.insertShare.run({ ...share, allMembers: share.allMembers ? 1 : 0 });
      for (const fileId of share.fileIds) s.insertShareFile.run(share.id, fileId);
      for (const memberId of share.memberIds) s.insertShareMember.run(share.id, memberId);
    }),

    share(id: string): ShareRow | null {
      const row = s.share.get(id);
      return row === undefined ? null : toShare(row);
    },

    /** Every share with its files and members, newest first. */
    shares(): ShareRecord[] {
      const files = groupBy(
        s.shareFiles.all(),
        (row) => row.share_id,
        (row) => row.file_id,
      );
      const members = groupBy(
        s.shareMembers.all(),
        (row) => row.share_id,
        (row) => row.member_id,
      );
      return s.shares.all().map((row) => ({
        ...toShare(row),
        fileIds: files.get(row.id) ?? [],
        memberIds: members.get(row.id) ?? [],
      }));
    },

    /** Revokes a live share; false when there is none. */
    revoke(id: string, now: number): boolean {
      return s.revoke.run(now, id).changes > 0;
    },

    /** The files shared with the member through live (unrevoked) shares, one row per share. */
    filesFor(memberId: string): MemberFileRow[] {
      return s.memberFiles.all({ memberId }).map(toMemberFile);
    },

    /** The member's unrevoked shares of one file (expired ones included). */
    fileFor(memberId: string, fileId: string): MemberFileRow[] {
      return s.memberFile.all({ memberId, fileId }).map(toMemberFile);
    },

    /** Records the member's first download of the file (later ones change nothing). */
    recordOpened(fileId: string, memberId: string, now: number): void {
      s.receipt.run(fileId, memberId, now);
    },

    receipts(): FileReceipt[] {
      return s.receipts.all().map((row) => ({
        fileId: row.file_id,
        memberId: row.member_id,
        firstOpenedAt: Number(row.first_opened_at),
      }));
    },

    /** The owner's files older than `before` that no unrevoked share uses. */
    unusedOwnerFiles(before: number): FileRow[] {
      return s.unusedOwnerFiles.all(before).map(toFile);
    },

    fileIds(): Set<string> {
      return new Set(s.fileIds.all().map((row) => row.id));
    },

    dropFile(id: string): void {
      dropFile(id);
    },
  };
}

function toMemberFile(row: RawMemberFile): MemberFileRow {
  return {
    ...toFile(row),
    shareId: row.share_id,
    folder: row.folder,
    note: row.note,
    expiresAt: numOrNull(row.expires_at),
    sharedAt: num(row.shared_at),
    firstOpenedAt: numOrNull(row.first_opened_at),
  };
}

function groupBy<T>(rows: T[], key: (row: T) => string, value: (row: T) => string) {
  const groups = new Map<string, string[]>();
  for (const row of rows) {
    const list = groups.get(key(row)) ?? [];
    list.push(value(row));
    groups.set(key(row), list);
  }
  return groups;
}
