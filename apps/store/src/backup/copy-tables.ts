/**
 * @module The store's tables as `copy-to-postgres` and `copy-to-sqlite` copy them
 * (copy-store.ts), in an order that satisfies the foreign keys. This is the one list: a table a
 * migration adds must be named here, or every copy refuses (and copy-tables.test.ts fails).
 */
import type { Dialect } from "../platform/db/sql-db.ts";

export type CopyTable = {
  name: string;
  /** Columns of the primary key (for messages and readers; checksums sort whole rows). */
  key: readonly string[];
  /** JSON columns (jsonb on PostgreSQL, which reorders keys): compared parsed. */
  json?: readonly string[];
  /** The column PostgreSQL numbers with an identity sequence (SQLite: AUTOINCREMENT or rowid). */
  identity?: string;
  /** SQLite keeps this column as the table's implicit rowid (collections' creation order). */
  sqliteRowid?: boolean;
  /** A freshly migrated database already has rows here (seed collections, settings): not content. */
  seeded?: boolean;
  /** The table exists in this engine only. */
  only?: Dialect;
};

export const COPY_TABLES: readonly CopyTable[] = [
  { name: "collections", key: ["id"], identity: "rowid", sqliteRowid: true, seeded: true },
  { name: "collection_permissions", key: ["collection_id"], seeded: true },
  { name: "reference_fields", key: ["collection_id", "field"], seeded: true },
  { name: "declared_fields", key: ["collection_id", "field"], seeded: true },
  { name: "history_settings", key: ["key"], seeded: true },
  { name: "items", key: ["seq"], json: ["data"], identity: "seq" },
  { name: "item_references", key: ["seq"], identity: "seq" },
  { name: "item_history", key: ["version_id"], json: ["data"], identity: "version_id" },
  { name: "api_key", key: ["id"] },
  { name: "owner_setup_tokens", key: ["token_hash"] },
  { name: "identities", key: ["id"] },
  { name: "owner_sessions", key: ["id_hash"] },
  { name: "identity_tokens", key: ["token_hash"] },
  { name: "identity_recovery_codes", key: ["identity_id", "code_hash"] },
  { name: "passkeys", key: ["credential_id"] },
  { name: "sessions", key: ["id"] },
  { name: "mail_outbox", key: ["id"], identity: "id" },
  { name: "member_settings", key: ["id"] },
  { name: "rate_limits", key: ["scope", "key"] },
  { name: "contact_messages", key: ["id"] },
  { name: "client_invites", key: ["id"] },
  // Drafts and publishing.
  { name: "pending_changes", key: ["collection_id", "item_id", "kind"] },
  { name: "publications", key: ["id"], identity: "id" },
  { name: "preview_links", key: ["id"] },
  { name: "review_requests", key: ["collection_id"] },
  { name: "sign_ins", key: ["id"] },
  { name: "audit_log", key: ["seq"], identity: "seq" },
  // Private files; their bytes travel beside the database (DATA_DIR/files).
  { name: "files", key: ["id"] },
  { name: "file_shares", key: ["id"] },
  { name: "file_share_files", key: ["share_id", "file_id"] },
  { name: "file_share_members", key: ["share_id", "member_id"] },
  { name: "file_receipts", key: ["file_id", "member_id"] },
  // Booking: the schedule, policies, services, bookings and the claims that hold their times.
  { name: "booking_schedule", key: ["id"] },
  { name: "booking_policies", key: ["id"] },
  { name: "booking_services", key: ["id"] },
  { name: "bookings", key: ["id"] },
  { name: "booking_time_claims", key: ["unit_start"] },
  { name: "booking_day_claims", key: ["service_id", "owner_day", "seat"] },
  { name: "booking_calendar_feed", key: ["id"] },
  // The reminders sent (so a restored store sends none twice) and when they go out.
  { name: "booking_reminders", key: ["booking_id", "time_revision", "offset_minutes"] },
  { name: "booking_settings", key: ["id"] },
  // First-party analytics (docs/analytics.md): the day's salt, the settings, raw events,
  // visitor-days and the roll-ups.
  { name: "analytics_salts", key: ["day"] },
  { name: "analytics_settings", key: ["id"] },
  { name: "analytics_events", key: ["id"], identity: "id" },
  { name: "analytics_visitors", key: ["day", "visitor"] },
  { name: "analytics_daily", key: ["day", "dimension", "value"] },
  { name: "analytics_hourly", key: ["hour"] },
  // The signing key, which SQLite keeps in DATA_DIR/signing.key: carried by copy-signing-key.ts.
  { name: "store_secrets", key: ["name"], only: "postgres" },
  // The content version's per-connection counters (its base is meta's): copied as they are.
  { name: "content_version_slots", key: ["slot"], seeded: true, only: "postgres" },
  // Last: inserting items and references bumps the content version through the triggers, which
  // changes nothing while meta is empty; the source's values then arrive as they are.
  { name: "meta", key: ["key"], seeded: true },
];

/** The tables `db`'s engine has. */
export function tablesOf(dialect: Dialect): CopyTable[] {
  return COPY_TABLES.filter((table) => table.only === undefined || table.only === dialect);
}

/** The tables a copy moves row by row: those both engines have. */
export function tablesBetween(source: Dialect, target: Dialect): CopyTable[] {
  const inTarget = new Set(tablesOf(target));
  return tablesOf(source).filter((table) => inTarget.has(table));
}

/** Tables each engine keeps for itself, never copied. */
export function isEngineTable(name: string): boolean {
  return name === "schema_migrations" || name.startsWith("sqlite_");
}
