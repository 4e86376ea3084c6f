/**
 * @module What the identity wing's member export and erasure reach of the files (its
 * `MemberFiles` port, filled by the wiring): a member's shared files and uploads, and the erasure
 * of their uploads, rows and bytes together, so a deleted client's files do not wait for
 * `files prune` (docs/members.md, "The security page": Delete my account).
 */
import type { FileStorage } from "./file-storage.ts";
import type { FilesStore } from "./files-store.ts";

export function memberFilesPort(store: FilesStore, storage: FileStorage | null) {
  return {
    filesFor: (memberId: string) => store.filesFor(memberId),
    uploadsOf: (memberId: string) => store.uploadsOf(memberId),
    /** Removes the member's uploads: rows first (a file without a row is never served), then bytes. */
    eraseUploadsOf(memberId: string): void {
      const ids = store.uploadsOf(memberId).map((file) => file.id);
      for (const id of ids) store.dropFile(id);
      if (storage !== null) for (const id of ids) storage.remove(id);
    },
  };
}
