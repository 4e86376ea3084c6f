/**
 * @module The backup wing: consistent copies of the database and files, copies between SQLite and PostgreSQL, and content export and import.
 * The other wings import this wing through this face only.
 */
export { ContentFileError } from "./content-files.ts";
export type { CollectionChanges } from "./content-transfer.ts";
export { exportContent, importContent } from "./content-transfer.ts";
export {
  placeSigningKeyFile,
  postgresSigningKey,
  readSigningKeyFile,
  signingKeyFile,
  storeSecretsFor,
} from "./copy-signing-key.ts";
export type { TableReport } from "./copy-store.ts";
export { CopyRefused, CopyVerificationFailed, copyStore, findContent } from "./copy-store.ts";
export { BackupRefused, backupDatabase, restoreDatabase } from "./db-backup.ts";
