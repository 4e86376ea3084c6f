/**
 * @module The store as the project's other parts drive it: the benches, the scripts, the SDK
 * conformance suite and the browser tests import the store from here and nowhere else (biome.json
 * enforces it), so what lies behind can move without breaking them. It opens stores and
 * databases, builds the app, and fills a store the way the store's own code does; it adds no
 * behaviour of its own.
 */

export { type CreateAppOptions, createApp } from "./app.ts";
export { createApiKeys } from "./auth/api-key.ts";
export type { CallerRole } from "./auth/caller.ts";
export { apiKeyNotice } from "./auth/key-cli.ts";
export { hashPassword } from "./auth/password.ts";
export { hashToken } from "./auth/secrets.ts";
export { loadSigningKey } from "./auth/signing-key.ts";
export { BackupRefused, backupDatabase, restoreDatabase } from "./backup/db-backup.ts";
export { readEnvConfig } from "./config.ts";
export { type Action, createAccessStore, type Permissions } from "./db/access-store.ts";
export { createCollectionsStore } from "./db/collections-store.ts";
export { createDeclaredFields, type DeclaredField } from "./db/declared-fields.ts";
export { createDraftsStore, type DraftsStore } from "./db/drafts-store.ts";
export { createIdentityStore } from "./db/identity-store.ts";
export {
  createItemsStore,
  type ItemData,
  type ItemsStore,
  itemIdFor,
  withSystemFields,
} from "./db/items-store.ts";
export { openDb, openStoreDb, storeDbFile, withStoreDb } from "./db/open.ts";
export { openPgDb } from "./db/postgres/open-pg.ts";
export { PgDb } from "./db/postgres/pg-db.ts";
export { seedContent } from "./db/seed.ts";
export { type Db, quoteName, type SqlStatement } from "./db/sql-db.ts";
export { SqliteDb } from "./db/sqlite-db.ts";
export { ApiError, toErrorBody } from "./errors.ts";
export { contentSecurityPolicy } from "./http/security-headers.ts";
export type { IdentityConfig } from "./identity/identity-config.ts";
export { createSmtpMailer } from "./identity/mailer.ts";
export { createItemWriter } from "./items/item-writer.ts";
export { createMediaFiles, mediaDirOf, mediaNameFor } from "./media/media-files.ts";
export { seedPictures } from "./media/seed-pictures.ts";
export { createOwnerCredentials } from "./owner/credentials.ts";
export { readOwnerConfig } from "./owner/owner-config.ts";
export { CLIENT_PAGES } from "./site/client-pages.ts";
export { readPageContent } from "./site/site-plugin.ts";
export { SITE_OWNER_ID } from "./site-owner.ts";
export { createTestClock, type TestClock } from "./test-helpers/test-clock.ts";
export { openTestDb } from "./test-helpers/test-db.ts";
export { type ReceivedMail, startTestSmtp, type TestSmtp } from "./test-helpers/test-smtp.ts";
