/**
 * @module The store as the project's other parts drive it: the benches, the scripts, the SDK
 * conformance suite, the browser tests and the site's editor tests import the store from here and
 * nowhere else (.dependency-cruiser.cjs enforces it in `npm run lint`), so what lies behind can move without breaking them. It opens stores and
 * databases, builds the app, and fills a store the way the store's own code does; it adds no
 * behaviour of its own. The fixture kits the store's own tests use are here too, for the tests
 * outside the store: a stand-in built site, the owner signed in, a member's sign-in on the
 * store's page (test-kit/).
 */

export { resolveRange } from "../analytics/analytics-range.ts";
export { createAnalyticsReader } from "../analytics/analytics-reader.ts";
export { createAnalyticsStore } from "../analytics/analytics-store.ts";
export type { CountedEvent } from "../analytics/counted-event.ts";
export { storeBatch } from "../analytics/roll-ups.ts";
export { BackupRefused, backupDatabase, restoreDatabase } from "../backup/db-backup.ts";
export { seedBooking } from "../bookings/index.ts";
export { createContactStore } from "../contact/contact-store.ts";
export { createApiKeys } from "../data/access/api-key.ts";
export { createItemWriter } from "../data/items/item-writer.ts";
export { createCollectionsStore } from "../data/storage/collections-store.ts";
export { createDeclaredFields, type DeclaredField } from "../data/storage/declared-fields.ts";
export {
  createItemsStore,
  type ItemData,
  type ItemsStore,
  itemIdFor,
  withSystemFields,
} from "../data/storage/items-store.ts";
export { seedContent } from "../data/storage/seed.ts";
export type { IdentityConfig } from "../identity/identity-config.ts";
export type { IdentityOptions } from "../identity/identity-service.ts";
export { hashPassword } from "../identity/password.ts";
export {
  createIdentityStore,
  type IdentityStatus,
  type PendingReason,
} from "../identity/storage/identity-store.ts";
export { createMediaFiles, mediaDirOf, mediaNameFor } from "../media/media-files.ts";
export { seedPictures } from "../media/seed-pictures.ts";
export { createOwnerCredentials } from "../owner/credentials.ts";
export { readOwnerConfig } from "../owner/owner-config.ts";
export { createDraftsStore, type DraftsStore } from "../owner/storage/drafts-store.ts";
export { readPageContent } from "../page/site-plugin.ts";
export { readEnvConfig } from "../platform/config.ts";
export { type Action, createAccessStore, type Permissions } from "../platform/db/access-store.ts";
export { openDb, openStoreDb, storeDbFile, withStoreDb } from "../platform/db/open.ts";
export { openPgDb } from "../platform/db/postgres/open-pg.ts";
export { PgDb } from "../platform/db/postgres/pg-db.ts";
export { type Db, quoteName, type SqlStatement } from "../platform/db/sql-db.ts";
export { SqliteDb } from "../platform/db/sqlite-db.ts";
export { ApiError, toErrorBody } from "../platform/errors.ts";
export type { CallerRole } from "../platform/http/caller.ts";
export { contentSecurityPolicy } from "../platform/http/security-headers.ts";
export { createSmtpMailer } from "../platform/mail/mailer.ts";
export { hashToken } from "../platform/secrets/secrets.ts";
export { loadSigningKey } from "../platform/secrets/signing-key.ts";
export { SITE_OWNER_ID } from "../platform/site-owner.ts";
export { type CreateAppOptions, createApp } from "./app.ts";
export { apiKeyNotice } from "./commands/key-cli.ts";
export {
  type BookingCall,
  bookingRequest,
  injectCall,
  setUpBooking,
} from "./test-kit/booking-kit.ts";
export { signInOnPageAt } from "./test-kit/member-signed-in.ts";
export {
  createOwnerKit,
  OWNER_PASSWORD,
  type OwnerKit,
  ownerHasEmail,
  ownerHeaders,
  ownerPasswordHash,
  type SignedIn,
  setOwnerPassword,
  signInOwner,
  signInOwnerAt,
} from "./test-kit/owner-signed-in.ts";
export { STAND_IN_PAGES, writeStandInSite } from "./test-kit/stand-in-site.ts";
export { createTestClock, type TestClock } from "./test-kit/test-clock.ts";
export { openTestDb } from "./test-kit/test-db.ts";
export { type ReceivedMail, startTestSmtp, type TestSmtp } from "./test-kit/test-smtp.ts";
