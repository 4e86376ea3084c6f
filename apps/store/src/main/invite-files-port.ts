/**
 * @module The invitations' way to the owner's files (invites/ and files/ are siblings, so the
 * port is built here): whether a file is the owner's, and sharing files with a new client.
 */
import { type FilesDeps, shareFiles } from "../files/index.ts";
import type { InviteFiles } from "../invites/index.ts";

export function inviteFilesPort(files: FilesDeps): InviteFiles {
  return {
    exists(fileId) {
      const file = files.store.file(fileId);
      return file !== null && file.uploadedBy === null;
    },
    async share(memberId, fileIds, origin) {
      await shareFiles(
        files,
        {
          fileIds,
          memberIds: [memberId],
          allMembers: false,
          folder: "",
          note: "",
          expiresAt: null,
        },
        origin,
      );
      return fileIds.map((id) => files.store.file(id)?.name ?? id);
    },
  };
}
