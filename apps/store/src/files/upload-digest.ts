/**
 * @module The owner hears of a client's uploads in one mail per client per interval: the first
 * upload starts the interval, and when it ends one mail lists every file that client sent in it.
 * The mail passes the members' mail gate (identity's `admitDigest`: the owner's window of mails);
 * a refused one is tried again after another interval, its files still listed. It goes to the
 * owner's notice address; links come from PUBLIC_URL or the site's address in Site settings
 * (the mail is sent after the request, so never from one). What waits is kept in this process: a
 * restart in the interval loses that mail, not the files, which the editor's Files panel lists.
 */
import {
  admitDigest,
  deliver,
  type IdentityContext,
  ownerNoticeAddress,
} from "../identity/index.ts";
import { configuredOrigin } from "../platform/http/request-origin.ts";
import { uploadsMail } from "./file-mails.ts";
import type { FileRow, FilesStore } from "./files-store.ts";

/** Default interval: a client sending a batch of files is told about in one mail. */
export const UPLOAD_DIGEST_MS = 10 * 60_000;

export type UploadDigest = ReturnType<typeof createUploadDigest>;

type Waiting = { fileIds: string[]; timer: ReturnType<typeof setTimeout> };

export function createUploadDigest(options: {
  store: FilesStore;
  identity: IdentityContext;
  intervalMs: number;
}) {
  const { store, identity, intervalMs } = options;
  const waiting = new Map<string, Waiting>();

  function schedule(memberId: string, fileIds: string[]): void {
    const timer = setTimeout(() => void send(memberId), intervalMs);
    timer.unref();
    waiting.set(memberId, { fileIds, timer });
  }

  async function send(memberId: string): Promise<void> {
    const fileIds = waiting.get(memberId)?.fileIds ?? [];
    waiting.delete(memberId);
    // A file removed meanwhile (its member deleted) is not named.
    const files = fileIds
      .map((id) => store.file(id))
      .filter((file): file is FileRow => file !== null);
    const to = ownerNoticeAddress(identity);
    const member = identity.store.byId(memberId);
    if (files.length === 0 || member === null || to === null) return;
    if (admitDigest(identity, to) !== null) {
      schedule(memberId, fileIds);
      return;
    }
    const origin = configuredOrigin(identity);
    await deliver(identity, uploadsMail({ to, memberEmail: member.email, files, origin }));
  }

  return {
    /** A member's upload was stored: their interval starts unless one is running. */
    uploaded(memberId: string, fileId: string): void {
      const running = waiting.get(memberId);
      if (running === undefined) schedule(memberId, [fileId]);
      else running.fileIds.push(fileId);
    },
    /** Forgets what waits (the store is closing). */
    stop(): void {
      for (const { timer } of waiting.values()) clearTimeout(timer);
      waiting.clear();
    },
  };
}
