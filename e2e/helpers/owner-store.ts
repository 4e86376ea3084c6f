import { join } from "node:path";
import { expect } from "@playwright/test";
import {
  type CreateAppOptions,
  createApp,
  createItemsStore,
  type Db,
  openTestDb,
  ownerHasEmail,
  seedContent,
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

/**
 * Starts a store with the built site on a free loopback port, the sample content and the owner
 * password `password` (and address `ownerEmail`), mailing to its outbox.
 */
export async function startOwnerStore(
  password: string,
  options: { contact?: CreateAppOptions["contact"]; ownerEmail?: string } = {},
): Promise<OwnerStore> {
  const db: Db = openTestDb();
  const items = createItemsStore(db);
  seedContent(items, { now: Date.now() });
  await setOwnerPassword(db, { password });
  // The owner's one address: every notice (contact messages too) goes to it.
  if (options.ownerEmail !== undefined) ownerHasEmail(db, options.ownerEmail);
  const app = createApp({
    db,
    config: { clientId: "local", signingKey: new Uint8Array(32).fill(7) },
    now: Date.now,
    site: { dir: SITE_DIR },
    contact: options.contact,
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
