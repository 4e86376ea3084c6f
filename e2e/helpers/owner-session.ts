import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";
import { storeCommandEnv, withStoreDb } from "./store-db.ts";

const ROOT = join(import.meta.dirname, "../..");

/** The owner password the admin spec sets through the CLI. */
export const OWNER_PASSWORD = "e2e owner password, long enough";

/** Sets the owner password as the README says: `npm run store -- owner set-password`, piped. */
export function setOwnerPassword(password = OWNER_PASSWORD): void {
  const result = spawnSync("npm", ["run", "--silent", "store", "--", "owner", "set-password"], {
    cwd: ROOT,
    input: `${password}\n`,
    encoding: "utf8",
    env: { ...process.env, ...storeCommandEnv() },
  });
  if (result.status !== 0) {
    throw new Error(`owner set-password failed (${result.status}): ${result.stderr}`);
  }
}

/**
 * Sets the owner password unless one is set already (every spec sets the same one): specs on
 * other workers keep their editor sessions, which setting it again would end.
 */
export function ensureOwnerPassword(): void {
  const isSet = withStoreDb(
    (db) => db.prepare("SELECT 1 FROM identities WHERE role = 'owner'").get() !== undefined,
  );
  if (!isSet) setOwnerPassword();
}

/** Opens the editor and signs in with the password (a spec's own store has its own). */
export async function signIn(
  page: Page,
  path = "/admin",
  password = OWNER_PASSWORD,
): Promise<void> {
  await page.goto(path);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Other specs sign in at the same time: the store may queue this check (a fair wait of up to
  // 5 s) or answer busy, which the form retries (docs/security.md, "Password-check flood").
  await expect(page.getByRole("heading", { name: "Site editor" })).toBeVisible({
    timeout: 15_000,
  });
}

/**
 * Remembers items exactly as stored and returns a function that puts them back (or removes
 * items that did not exist), so each test leaves the content as it found it.
 */
export function snapshotItems(collection: string, ids: readonly string[]): () => void {
  const snapshots = withStoreDb((db) => {
    const read = db.prepare<[string, string], { data: string }>(
      "SELECT data FROM items WHERE collection_id = ? AND id = ?",
    );
    return ids.map((id) => ({ id, data: read.get(collection, id)?.data ?? null }));
  });
  return () =>
    withStoreDb((db) =>
      db.transaction(() => {
        for (const { id, data } of snapshots) {
          if (data === null) {
            db.prepare("DELETE FROM items WHERE collection_id = ? AND id = ?").run(collection, id);
          } else {
            db.prepare("UPDATE items SET data = ? WHERE collection_id = ? AND id = ?").run(
              data,
              collection,
              id,
            );
          }
        }
      })(),
    );
}
