/** Helpers for the private files' tests: a member kit with files on, mails kept in the outbox. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { LightMyRequestResponse } from "fastify";
import { createMemberKit, type MemberKit } from "./identity-kit.ts";
import { OWNER_EMAIL, ownerHasEmail } from "./owner-signed-in.ts";

export { OWNER_EMAIL };
/** 1 MB: small enough to pass in a test. */
export const KIT_MAX_BYTES = 1024 * 1024;

export const PDF_BYTES = Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
export const PNG_BYTES = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
export const HTML_BYTES = Buffer.from("<!doctype html><script>alert(document.cookie)</script>");

export type FilesKit = MemberKit & {
  filesDir: string;
  upload(
    authorization: string,
    name: string,
    bytes: Buffer,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  share(body: Record<string, unknown>, authorization?: string): Promise<LightMyRequestResponse>;
  download(fileId: string, authorization?: string): Promise<LightMyRequestResponse>;
  list(authorization: string): Promise<LightMyRequestResponse>;
  /** The outbox's messages to `to`, oldest first. */
  outbox(to: string): { subject: string; body: string }[];
  /** The outbox's messages to `to` once it holds more than `after` (waits up to 5 s). */
  mailsAfter(to: string, after: number): Promise<{ subject: string; body: string }[]>;
};

/** The owner's digest of a client's uploads comes this soon after the first (real time). */
export const KIT_DIGEST_MS = 100;

export async function createFilesKit(
  maxBytes = KIT_MAX_BYTES,
  options: { quotaBytes?: number; digestMs?: number } = {},
): Promise<FilesKit> {
  const filesDir = mkdtempSync(join(tmpdir(), "store-files-"));
  const k = await createMemberKit(
    { mailer: undefined, config: { requireEmailVerification: false } },
    { files: { dir: filesDir, maxBytes, digestMs: KIT_DIGEST_MS, ...options } },
  );
  ownerHasEmail(k.db, OWNER_EMAIL, k.clock.ms);
  const outbox = (to: string) =>
    k.db
      .prepare<[string], { subject: string; body: string }>(
        "SELECT subject, body FROM mail_outbox WHERE recipient = ? ORDER BY id",
      )
      .all(to);
  const headersOf = (authorization?: string) =>
    authorization === undefined ? {} : { authorization };
  return {
    ...k,
    filesDir,
    upload: (authorization, name, bytes, headers = {}) =>
      k.app.inject({
        method: "POST",
        url: `/files/v1/files?name=${encodeURIComponent(name)}`,
        headers: { "content-type": "application/octet-stream", authorization, ...headers },
        payload: bytes,
      }),
    share: (body, authorization = k.apiKey) => k.post("/files/v1/shares", body, { authorization }),
    download: (fileId, authorization) =>
      k.app.inject({
        method: "GET",
        url: `/files/v1/files/${fileId}/content`,
        headers: headersOf(authorization),
      }),
    list: (authorization) =>
      k.app.inject({ method: "GET", url: "/files/v1/files", headers: { authorization } }),
    outbox,
    async mailsAfter(to, after) {
      for (let i = 0; i < 250 && outbox(to).length <= after; i++) await sleep(20);
      return outbox(to).slice(after);
    },
  };
}

/** Uploads as the owner (API key) and answers the new file's id. */
export async function ownerFile(k: FilesKit, name = "plan.pdf", bytes = PDF_BYTES) {
  const response = await k.upload(k.apiKey, name, bytes);
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.body}`);
  return (response.json() as { file: { id: string } }).file.id;
}
