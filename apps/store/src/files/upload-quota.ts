/**
 * @module What one client's uploads may hold together (FILES_QUOTA_BYTES), held under uploads
 * at once: an upload being written holds its share of the room in this process until its row is
 * written or it fails, so the next one is limited to what is left; the row itself is added only
 * if the member's stored bytes and it fit (one transaction, files-store.ts `addUploadWithin`),
 * which holds between nodes too.
 */
import { ApiError } from "../platform/errors.ts";
import { formatSize } from "./file-mails.ts";
import type { FilesStore } from "./files-store.ts";

export type UploadQuota = ReturnType<typeof createUploadQuota>;

export function createUploadQuota(store: FilesStore, quotaBytes: number) {
  const held = new Map<string, number>();

  function room(memberId: string): number {
    return quotaBytes - store.bytesUploadedBy(memberId) - (held.get(memberId) ?? 0);
  }

  function exceeded(memberId: string): ApiError {
    const left = Math.max(0, quotaBytes - store.bytesUploadedBy(memberId));
    return new ApiError("FILE_QUOTA_EXCEEDED", [formatSize(quotaBytes), formatSize(left)], {
      data: { quotaBytes, leftBytes: left },
    });
  }

  return {
    quotaBytes,
    room,
    exceeded,

    /**
     * Holds room for an upload of at most `wanted` bytes (the declared length, else the largest
     * file): answers the bytes held, which the upload may not pass, and their release.
     * @throws ApiError FILE_QUOTA_EXCEEDED when no room is left, or a declared length is more.
     */
    hold(
      memberId: string,
      wanted: number,
      declared: boolean,
    ): { bytes: number; release: () => void } {
      const bytes = Math.min(wanted, room(memberId));
      if (bytes <= 0 || (declared && wanted > bytes)) throw exceeded(memberId);
      held.set(memberId, (held.get(memberId) ?? 0) + bytes);
      let released = false;
      return {
        bytes,
        release() {
          if (released) return;
          released = true;
          const left = (held.get(memberId) ?? 0) - bytes;
          if (left > 0) held.set(memberId, left);
          else held.delete(memberId);
        },
      };
    },
  };
}
