import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "@playwright/test";
import {
  type CreateAppOptions,
  createApp,
  createItemsStore,
  createMediaFiles,
  type Db,
  type IdentityOptions,
  openTestDb,
  ownerHasEmail,
  seedContent,
  seedPictures,
  setOwnerPassword,
} from "../../apps/store/src/main/testing.ts";

const SITE_DIR = join(import.meta.dirname, "../../apps/site/dist");

/** A store of the spec's own, for flows that change the owner (the shared store's other workers sign in as the owner). */
export interface OwnerStore {
  url: string;
  /** The store's database (the contact spec counts the stored messages). */
  db: Db;
  /** The newest mail to `recipient` in the store's development outbox, once one arrives. */
  mailTo(recipient: string, after?: number): Promise<string>;
  close(): Promise<void>;
}

/** Changes fields of the `SiteSettings` item in the database (read again by the next mail). */
export function setSiteSettings(db: Db, fields: Record<string, unknown>): void {
  const row = db
    .prepare<[], { data: string }>(
      "SELECT data FROM items WHERE collection_id = 'SiteSettings' AND id = 'site'",
    )
    .get();
  if (row === undefined) throw new Error("no SiteSettings item to change");
  db.prepare("UPDATE items SET data = ? WHERE collection_id = 'SiteSettings' AND id = 'site'").run(
    JSON.stringify({ ...(JSON.parse(row.data) as object), ...fields }),
  );
}

/**
 * Starts a store with the built site on a free loopback port, the sample content and the owner
 * password `password` (and address `ownerEmail`), mailing to its outbox.
 */
export async function startOwnerStore(
  password: string,
  options: {
    contact?: CreateAppOptions["contact"];
    ownerEmail?: string;
    /** The store's clock (the analytics spec moves it a day on). */
    now?: () => number;
    /** Proxies whose X-Forwarded-For names the client (the analytics spec's visitors' addresses). */
    trustProxy?: CreateAppOptions["trustProxy"];
    /** Fields of the `SiteSettings` item, set before the page is first rendered. */
    settings?: Record<string, unknown>;
    /** The sample pictures (the owner's logo, as the booking pages show it), in a temporary folder. */
    pictures?: boolean;
    /** Mails through this instead of the outbox (`mailTo` then reads nothing). */
    mailer?: NonNullable<IdentityOptions["mailer"]>;
  } = {},
): Promise<OwnerStore> {
  const db: Db = openTestDb();
  const items = createItemsStore(db);
  seedContent(items, { now: Date.now() });
  const mediaDir = options.pictures ? mkdtempSync(join(tmpdir(), "owner-store-media-")) : null;
  if (mediaDir !== null) seedPictures(db, items, createMediaFiles(mediaDir), { now: Date.now() });
  await setOwnerPassword(db, { password });
  // The owner's one address: every notice (contact messages too) goes to it.
  if (options.ownerEmail !== undefined) ownerHasEmail(db, options.ownerEmail);
  if (options.settings !== undefined) setSiteSettings(db, options.settings);
  const app = createApp({
    db,
    config: { clientId: "local", signingKey: new Uint8Array(32).fill(7) },
    now: options.now ?? Date.now,
    site: { dir: SITE_DIR },
    contact: options.contact,
    ...(mediaDir === null ? {} : { media: { dir: mediaDir } }),
    ...(options.trustProxy === undefined ? {} : { trustProxy: options.trustProxy }),
    ...(options.mailer === undefined ? {} : { identity: { mailer: options.mailer } }),
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("no TCP address");
  const { port } = address;
  const mails = (recipient: string) =>
    db
      .prepare<[string], { body: string }>(
        "SELECT body FROM mail_outbox WHERE recipient = ? ORDER BY id",
      )
      .all(recipient)
      .map((row) => row.body);
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    async mailTo(recipient, after = 0) {
      await expect.poll(() => mails(recipient).length).toBeGreaterThan(after);
      return mails(recipient).at(-1) as string;
    },
    async close() {
      await app.close();
      db.close();
    },
  };
}
