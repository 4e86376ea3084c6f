/** @module The crash rounds' database: prepared before the first start, opened after each kill. */
import {
  createAccessStore,
  createApiKeys,
  createItemsStore,
  type Db,
  openDb,
  openPgDb,
  SqliteDb,
  setOwnerPassword,
} from "../../../apps/store/src/main/testing.ts";
import type { Engine } from "../lib/engine.ts";
import { addVault, OWNER_PASSWORD } from "../lib/reliability-store.ts";
import { EDITED, editedVersion } from "./crash-verify.ts";

/** The store's database at `target`, as the store child opens it. */
export function openTarget(engine: Engine, target: string): Db {
  return engine.name === "sqlite" ? openDb(target) : openPgDb({ url: target });
}

/** What a commit waits for before the store answers. */
function durabilitySettings(db: Db): { synchronous: string; journalMode: string } {
  if (!(db instanceof SqliteDb)) {
    const setting = (name: string) =>
      String(
        db.prepare<[string], { value: string }>("SELECT current_setting(?) AS value").get(name)
          ?.value ?? "?",
      );
    return {
      synchronous: `synchronous_commit=${setting("synchronous_commit")}, fsync=${setting("fsync")}`,
      journalMode: "wal",
    };
  }
  const synchronous =
    ["OFF", "NORMAL", "FULL", "EXTRA"][
      db.sqlite.pragma("synchronous", { simple: true }) as number
    ] ?? "?";
  return { synchronous, journalMode: String(db.sqlite.pragma("journal_mode", { simple: true })) };
}

/** Prepares the database: owner password, API key, the Vault collection, the edited item. */
export async function prepare(
  engine: Engine,
  target: string,
): Promise<{ apiKey: string; synchronous: string; journalMode: string }> {
  const db = openTarget(engine, target);
  try {
    await setOwnerPassword(db, { password: OWNER_PASSWORD });
    const apiKey = createApiKeys(createAccessStore(db)).rotate();
    addVault(db, { read: "anyone", insert: "admin", update: "admin", remove: "admin" });
    createItemsStore(db).insert(
      EDITED.collection,
      { _id: EDITED.id, ...editedVersion("start-") },
      { now: Date.now(), ownerId: "seed" },
    );
    return { apiKey, ...durabilitySettings(db) };
  } finally {
    db.close();
  }
}
