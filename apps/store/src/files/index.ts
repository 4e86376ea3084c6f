/**
 * @module The files wing: private files shared between the owner and clients, their storage, mails and routes.
 * The other wings import this wing through this face only.
 */
export {
  fileRoutes,
  registerUploadRoute,
  rethrowUploadFailure,
  sendFileContent,
  takeUploadTurn,
} from "./file-routes.ts";
export type { FilesDeps } from "./file-sharing.ts";
export {
  DEFAULT_FILE_MAX_BYTES,
  memberFiles,
  shareFiles,
  tooLarge,
  uploadFile,
} from "./file-sharing.ts";
export type { FileStorage } from "./file-storage.ts";
export { createFileStorage, filesDirOf } from "./file-storage.ts";
export { backupFilesDir, copyMissingFiles } from "./files-backup.ts";
export {
  DEFAULT_FILE_QUOTA_BYTES,
  readFilesDigestMs,
  readFilesMaxBytes,
  readFilesQuotaBytes,
} from "./files-config.ts";
export { createFilesStore } from "./files-store.ts";
export { memberFilesPort } from "./member-files-port.ts";
export { createUploadDigest, UPLOAD_DIGEST_MS } from "./upload-digest.ts";
export { createUploadQuota } from "./upload-quota.ts";
