/**
 * @module Private files: `/files/v1`. The owner (session with CSRF, or the API key)
 * lists, uploads, shares and revokes; a member lists, uploads and downloads what is shared with
 * them; everyone else gets nothing (a file's content answers 404 to them). Each row's file is
 * seeded with a share for all members (reliability-store.ts), so the matrix's member may read it;
 * for the "other member" caller the shares name the first member only, so the second member
 * lists only their own uploads and downloads nothing.
 */
import type { RouteRow, Target } from "./route-row.ts";

/** The seeded file of a row (`t<index>` → 32 hex digits of the index). */
export function seededFileId(target: Pick<Target, "id">): string {
  return Number(target.id.slice(1)).toString(16).padStart(32, "0");
}

/** The seeded share (for all members) of a row's file. */
export function seededShareId(target: Pick<Target, "id">): string {
  return `share-${target.id}`;
}

export const SAMPLE_PDF = "%PDF-1.7\n%%EOF\n";

const READERS = ["member", "owner session", "owner cookie, no CSRF", "API key"];
const OWNER = ["owner session", "API key"];

export const FILE_ROWS: RouteRow[] = [
  {
    name: "files: list",
    method: "GET",
    pattern: "/files/v1/files",
    access: { kind: "callers", names: READERS, own: ["other member"] },
    example: () => ({ url: "/files/v1/files" }),
  },
  {
    name: "files: upload",
    method: "POST",
    pattern: "/files/v1/files",
    access: {
      kind: "callers",
      names: ["member", "owner session", "API key"],
      own: ["other member"],
    },
    mayWrite: ["files", "rate_limits"],
    example: () => ({
      url: "/files/v1/files?name=sample.pdf",
      body: Buffer.from(SAMPLE_PDF),
      headers: { "content-type": "application/pdf" },
    }),
  },
  {
    name: "files: download",
    method: "GET",
    pattern: "/files/v1/files/:fileId/content",
    access: { kind: "callers", names: READERS },
    mayWrite: ["file_receipts"],
    example: (t) => ({ url: `/files/v1/files/${seededFileId(t)}/content` }),
  },
  {
    name: "files: share",
    method: "POST",
    pattern: "/files/v1/shares",
    access: { kind: "callers", names: OWNER },
    example: (t) => ({
      url: "/files/v1/shares",
      body: { fileIds: [seededFileId(t)], allMembers: true, note: "From the matrix" },
    }),
  },
  {
    name: "files: revoke",
    method: "DELETE",
    pattern: "/files/v1/shares/:shareId",
    access: { kind: "callers", names: OWNER },
    example: (t) => ({ url: `/files/v1/shares/${seededShareId(t)}` }),
  },
];
