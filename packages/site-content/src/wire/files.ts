/**
 * @module Private files as the store's `/files/v1` routes answer them and take them:
 * the owner's overview (their files, the shares with receipts, the clients, the clients'
 * uploads), a member's list (the files shared with them, their uploads), an upload's answer, and
 * a share as the editor sends it and the store answers it. Times are milliseconds since the epoch.
 */
import type { MemberStatus } from "./member-summary.ts";

/** A stored file as listed (its bytes are fetched from `/files/v1/files/:id/content`). */
export type StoredFile = {
  id: string;
  name: string;
  /** Its media type, checked against its first bytes. */
  type: string;
  size: number;
  createdAt: number;
  /** The member who uploaded it; null for the owner's. */
  uploadedBy: string | null;
};

/** `POST /files?name=…`: the file just stored. */
export type FileUploaded = { file: StoredFile };

/** A member's first download of a shared file (later ones are not recorded). */
export type FileReceipt = { fileId: string; memberId: string; firstOpenedAt: number };

/** A share as stored: a batch of the owner's files, for some members or all, until when. */
export type ShareRecord = {
  id: string;
  folder: string;
  note: string;
  allMembers: boolean;
  expiresAt: number | null;
  revokedAt: number | null;
  createdAt: number;
  fileIds: string[];
  /** Empty when `allMembers`. */
  memberIds: string[];
};

/** A share as the owner's overview lists it: whether it has expired, and who opened its files. */
export type Share = ShareRecord & {
  expired: boolean;
  /** The receipts of its files (by any member). */
  receipts: FileReceipt[];
};

/** A member the owner may share with. */
export type ShareMember = { id: string; email: string; status: MemberStatus };

/** `GET /files` for the owner. */
export type FilesOverview = {
  /** The owner's files, newest first. */
  files: StoredFile[];
  shares: Share[];
  members: ShareMember[];
  /** Every member's uploads, newest first. */
  uploads: StoredFile[];
  maxBytes: number;
};

/** A file shared with the member, as their list shows it (through its newest live share). */
export type MemberFile = {
  id: string;
  name: string;
  type: string;
  size: number;
  folder: string;
  note: string;
  sharedAt: number;
  expiresAt: number | null;
  expired: boolean;
  /** Not opened yet. */
  new: boolean;
  firstOpenedAt: number | null;
};

/** `GET /files` for a member. */
export type MemberFiles = {
  files: MemberFile[];
  /** The member's own uploads, newest first. */
  uploads: StoredFile[];
  maxBytes: number;
};

/** `POST /shares`: what the owner shares (`expiresAt` ISO, or null for no end). */
export type ShareRequest = {
  fileIds: string[];
  memberIds: string[];
  allMembers: boolean;
  folder: string;
  note: string;
  expiresAt: string | null;
};

/** `POST /shares`: the share just made. */
export type ShareCreated = { share: ShareRecord };
