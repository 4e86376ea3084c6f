import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";
import Database from "better-sqlite3";

const ROOT = join(import.meta.dirname, "../..");

/** The owner password the admin spec sets through the CLI. */
export const OWNER_PASSWORD = "e2e owner password, long enough";

function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir)
    throw new Error("E2E_DATA_DIR is not set: run the tests through e2e/playwright.config.ts");
  return dir;
}

/** Sets the owner password as the README says: `npm run store -- owner set-password`, piped. */
export function setOwnerPassword(password = OWNER_PASSWORD): void {
  const result = spawnSync("npm", ["run", "--silent", "store", "--", "owner", "set-password"], {
    cwd: ROOT,
    input: `${password}\n`,
    encoding: "utf8",
    env: { ...process.env, DATA_DIR: dataDir() },
  });
  if (result.status !== 0) {
    throw new Error(`owner set-password failed (${result.status}): ${result.stderr}`);
  }
}

/** Opens the editor and signs in with the password. */
export async function signIn(page: Page, path = "/admin"): Promise<void> {
  await page.goto(path);
  await page.getByLabel("Password", { exact: true }).fill(OWNER_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Site editor" })).toBeVisible();
}

type Snapshot = { collection: string; id: string; data: string | null };

/**
 * Remembers items exactly as stored and returns a function that puts them back (or removes
 * items that did not exist), so each test leaves the content as it found it.
 */
export function snapshotItems(collection: string, ids: readonly string[]): () => void {
  const db = new Database(join(dataDir(), "store.db"));
  db.pragma("busy_timeout = 5000");
  const read = db.prepare<[string, string], { data: string }>(
    "SELECT data FROM items WHERE collection_id = ? AND id = ?",
  );
  const snapshots: Snapshot[] = ids.map((id) => ({
    collection,
    id,
    data: read.get(collection, id)?.data ?? null,
  }));
  db.close();
  return () => {
    const write = new Database(join(dataDir(), "store.db"));
    write.pragma("busy_timeout = 5000");
    try {
      write.transaction(() => {
        for (const { collection: c, id, data } of snapshots) {
          if (data === null) {
            write.prepare("DELETE FROM items WHERE collection_id = ? AND id = ?").run(c, id);
          } else {
            write
              .prepare("UPDATE items SET data = ? WHERE collection_id = ? AND id = ?")
              .run(data, c, id);
          }
        }
      })();
    } finally {
      write.close();
    }
  };
}
