import { join } from "node:path";
import { expect } from "@playwright/test";
import {
  createApp,
  createItemsStore,
  createOwnerCredentials,
  type Db,
  hashPassword,
  openTestDb,
  seedContent,
} from "../../apps/store/src/testing.ts";

const SITE_DIR = join(import.meta.dirname, "../../apps/site/dist");

/** A store of the spec's own, for flows that change the owner (the shared store's other workers sign in as the owner). */
export interface OwnerStore {
  url: string;
  /** The newest mail to `recipient` in the store's development outbox, once one arrives. */
  mailTo(recipient: string, after?: number): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts a store with the built site on `E2E_PORT + 7` (clear of the member store's +5 and +6),
 * the sample content and the owner password `password`, mailing to its outbox.
 */
export async function startOwnerStore(password: string): Promise<OwnerStore> {
  const db: Db = openTestDb();
  seedContent(createItemsStore(db), { now: Date.now() });
  createOwnerCredentials(db, Date.now).setPasswordHash(await hashPassword(password));
  const app = createApp({
    db,
    config: { clientId: "local", signingKey: new Uint8Array(32).fill(7) },
    now: Date.now,
    site: { dir: SITE_DIR },
  });
  const port = Number(process.env.E2E_PORT ?? "8791") + 7;
  await app.listen({ host: "127.0.0.1", port });
  const mails = (recipient: string) =>
    db
      .prepare<[string], { body: string }>(
        "SELECT body FROM mail_outbox WHERE recipient = ? ORDER BY id",
      )
      .all(recipient)
      .map((row) => row.body);
  return {
    url: `http://127.0.0.1:${port}`,
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
