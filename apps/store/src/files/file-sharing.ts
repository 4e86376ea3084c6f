/**
 * @module Private files: the owner uploads files and shares them with some clients
 * or all; a client uploads files for the owner. Who may read a file is decided here, on every
 * read, from the database (so a revoke holds at once on every node): the owner any file, a
 * member their own uploads and the files of unrevoked shares naming them (or all members); an
 * expired share answers 410, everything else 404, so no one learns what they may not read.
 */
import type { Readable } from "node:stream";
import type {
  FilesOverview,
  MemberFile,
  MemberFiles,
  Share,
  ShareMember,
  StoredFile,
} from "@consultant/site-content/wire";
import { deliver, type IdentityContext } from "../identity/index.ts";
import { ApiError } from "../platform/errors.ts";
import type { Caller } from "../platform/http/caller.ts";
import { formatSize, sharedMail } from "./file-mails.ts";
import { type FileStorage, FileTooLargeError, newFileId } from "./file-storage.ts";
import { checkType, isAllowedName } from "./file-types.ts";
import type { FileRow, FilesStore, MemberFileRow } from "./files-store.ts";
import type { UploadDigest } from "./upload-digest.ts";
import type { UploadQuota } from "./upload-quota.ts";

/** Default FILES_MAX_BYTES: 50 MB. */
export const DEFAULT_FILE_MAX_BYTES = 50 * 1024 * 1024;
export const MAX_FILE_NAME = 200;

export type FilesDeps = {
  store: FilesStore;
  storage: FileStorage;
  identity: IdentityContext;
  maxBytes: number;
  /** What each client's uploads may hold together. */
  quota: UploadQuota;
  /** Tells the owner of clients' uploads, one mail per client per interval. */
  digest: UploadDigest;
  now: () => number;
};

export type ShareInput = {
  fileIds: string[];
  memberIds: string[];
  allMembers: boolean;
  folder: string;
  note: string;
  expiresAt: number | null;
};

/** The owner: the API key or the owner's own session (not a collaborator's). */
export function isOwner(caller: Caller | null): boolean {
  return caller?.role === "admin" && caller.editor !== true;
}

/**
 * Characters a name loses: controls, line and paragraph separators, and the bidirectional
 * controls that make `invoice\u202Efdp.zip` show as "invoicepiz.pdf" (marks, embeddings,
 * overrides, isolates).
 */
const HIDDEN_IN_NAMES = /[\p{Cc}\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/** What a name becomes on disk-free display: its last path part, without hidden characters. */
export function cleanFileName(raw: string): string {
  const last = raw.split(/[\\/]/).pop() ?? "";
  return last.replace(HIDDEN_IN_NAMES, "").trim();
}

export function tooLarge(deps: Pick<FilesDeps, "maxBytes">): ApiError {
  return new ApiError("FILE_TOO_LARGE", [formatSize(deps.maxBytes)]);
}

/** Refuses a name the store would refuse whatever its bytes (before any byte is read). */
export function checkName(name: string): void {
  if (name === "" || name.length > MAX_FILE_NAME) {
    throw new ApiError("FILE_NAME_INVALID", [MAX_FILE_NAME]);
  }
  if (!isAllowedName(name)) throw new ApiError("FILE_TYPE_NOT_ALLOWED", [name]);
}

/**
 * Stores an upload: bytes first (durably), then the row. The owner's (`memberId` null) wait to
 * be shared; a member's are for the owner, who hears of them in the next digest mail, and count
 * against the member's quota (`declaredBytes`: the request's length, when it gave one).
 */
export async function uploadFile(
  deps: FilesDeps,
  body: Readable,
  rawName: string,
  memberId: string | null,
  declaredBytes: number | null,
): Promise<FileRow> {
  const name = cleanFileName(rawName);
  checkName(name);
  const room =
    memberId === null
      ? null
      : deps.quota.hold(memberId, declaredBytes ?? deps.maxBytes, declaredBytes !== null);
  try {
    const limit = Math.min(deps.maxBytes, room?.bytes ?? deps.maxBytes);
    let type = "";
    let written: Awaited<ReturnType<FileStorage["write"]>>;
    try {
      written = await deps.storage.write(body, limit, (head) => {
        const check = checkType(name, head);
        if (!check.ok) {
          throw check.reason === "mismatch"
            ? new ApiError("FILE_TYPE_MISMATCH", [name, check.expected])
            : new ApiError("FILE_TYPE_NOT_ALLOWED", [name]);
        }
        type = check.type;
      });
    } catch (error) {
      if (!(error instanceof FileTooLargeError)) throw error;
      throw memberId !== null && limit < deps.maxBytes
        ? deps.quota.exceeded(memberId)
        : tooLarge(deps);
    }
    const file: FileRow = {
      id: written.id,
      name,
      type,
      size: written.size,
      sha256: written.sha256,
      uploadedBy: memberId,
      createdAt: deps.now(),
    };
    if (memberId === null) {
      deps.store.addFile(file);
      return file;
    }
    if (!deps.store.addUploadWithin({ ...file, uploadedBy: memberId }, deps.quota.quotaBytes)) {
      deps.storage.remove(file.id);
      throw deps.quota.exceeded(memberId);
    }
    deps.digest.uploaded(memberId, file.id);
    return file;
  } finally {
    room?.release();
  }
}

/** Shares the owner's files; each member named (or every member) gets one mail for the batch. */
export async function shareFiles(
  deps: FilesDeps,
  input: ShareInput,
  origin: string | null,
): Promise<string> {
  const files = [...new Set(input.fileIds)].map((id) => {
    const file = deps.store.file(id);
    if (file === null || file.uploadedBy !== null) throw new ApiError("FILE_NOT_FOUND", [id]);
    return file;
  });
  const memberIds = [...new Set(input.memberIds)];
  const members = memberIds.map((id) => {
    const member = deps.identity.store.byId(id);
    if (member === null || member.role !== "member") {
      throw new ApiError("IDENTITY_NOT_FOUND", [id]);
    }
    return member;
  });
  const id = newFileId();
  deps.store.addShare({
    id,
    fileIds: files.map((file) => file.id),
    memberIds: input.allMembers ? [] : memberIds,
    allMembers: input.allMembers,
    folder: input.folder,
    note: input.note,
    expiresAt: input.expiresAt,
    createdAt: deps.now(),
  });
  const recipients = input.allMembers
    ? deps.identity.store.list().filter((member) => member.status === "ACTIVE")
    : members.filter((member) => member.status === "ACTIVE");
  for (const member of recipients) {
    await deliver(
      deps.identity,
      sharedMail({
        to: member.email,
        files,
        note: input.note,
        expiresAt: input.expiresAt,
        origin,
      }),
    );
  }
  return id;
}

export function revokeShare(deps: FilesDeps, shareId: string): void {
  if (!deps.store.revoke(shareId, deps.now()))
    throw new ApiError("FILE_SHARE_NOT_FOUND", [shareId]);
}

/**
 * The file the caller may download, after recording a member's first opening.
 * @throws ApiError FILE_NOT_FOUND (404) unless the caller may read it; FILE_EXPIRED (410) when
 *   every share of it naming the member has expired.
 */
export function openFile(deps: FilesDeps, caller: Caller | null, fileId: string): FileRow {
  const file = deps.store.file(fileId);
  if (file === null || caller === null) throw new ApiError("FILE_NOT_FOUND", [fileId]);
  if (isOwner(caller)) return file;
  if (caller.role !== "member") throw new ApiError("FILE_NOT_FOUND", [fileId]);
  if (file.uploadedBy === caller.id) return file;
  const shares = deps.store.fileFor(caller.id, fileId);
  if (shares.length === 0) throw new ApiError("FILE_NOT_FOUND", [fileId]);
  const now = deps.now();
  if (!shares.some((share) => share.expiresAt === null || share.expiresAt > now)) {
    throw new ApiError("FILE_EXPIRED", [file.name]);
  }
  deps.store.recordOpened(fileId, caller.id, now);
  return file;
}

/** What a member sees: the files shared with them (one entry per file) and their uploads. */
export function memberFiles(deps: FilesDeps, memberId: string): MemberFiles {
  const now = deps.now();
  const byFile = new Map<string, MemberFileRow>();
  // Newest share first: a file shared twice shows its newest live share's folder and note.
  for (const row of deps.store.filesFor(memberId)) {
    const kept = byFile.get(row.id);
    if (kept === undefined || (isExpired(kept, now) && !isExpired(row, now))) {
      byFile.set(row.id, row);
    }
  }
  const shared = [...byFile.values()].map(
    (row): MemberFile => ({
      id: row.id,
      name: row.name,
      type: row.type,
      size: row.size,
      folder: row.folder,
      note: row.note,
      sharedAt: row.sharedAt,
      expiresAt: row.expiresAt,
      expired: isExpired(row, now),
      new: row.firstOpenedAt === null,
      firstOpenedAt: row.firstOpenedAt,
    }),
  );
  const uploads = deps.store.uploadsOf(memberId).map(publicFile);
  return { files: shared, uploads, maxBytes: deps.maxBytes };
}

function isExpired(row: { expiresAt: number | null }, now: number): boolean {
  return row.expiresAt !== null && row.expiresAt <= now;
}

export function publicFile(file: FileRow): StoredFile {
  return {
    id: file.id,
    name: file.name,
    type: file.type,
    size: file.size,
    createdAt: file.createdAt,
    uploadedBy: file.uploadedBy,
  };
}

/** What the owner sees: their files, the shares with receipts, and each client's uploads. */
export function ownerOverview(deps: FilesDeps): FilesOverview {
  const now = deps.now();
  const receipts = deps.store.receipts();
  const shares = deps.store.shares().map(
    (share): Share => ({
      ...share,
      expired: isExpired(share, now),
      receipts: receipts.filter((receipt) => share.fileIds.includes(receipt.fileId)),
    }),
  );
  const members = deps.identity.store
    .list()
    .map((member): ShareMember => ({ id: member.id, email: member.email, status: member.status }));
  const uploads = deps.store.memberUploads().map(publicFile);
  return {
    files: deps.store.ownerFiles().map(publicFile),
    shares,
    members,
    uploads,
    maxBytes: deps.maxBytes,
  };
}
