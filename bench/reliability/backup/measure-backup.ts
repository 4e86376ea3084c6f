/**
 * @module The backup figure: an online backup of a database with `items` items while a writer
 * keeps inserting through the store's API, then a restore of it into the serving store, and a
 * corrupt file offered for restore. Figures: durations, writes during the backup (all answered
 * 200), and whether the corrupt file was refused with the data unchanged.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import Database from "better-sqlite3";
import {
  BackupRefused,
  backupDatabase,
  restoreDatabase,
  storeDbFile,
} from "../../../apps/store/src/main/testing.ts";
import {
  COLLECTION,
  createReliabilityStore,
  createStandInSite,
  dumpContent,
} from "../lib/reliability-store.ts";

export type BackupFigures = {
  items: number;
  databaseMb: number;
  backupMs: number;
  writesDuringBackup: number;
  failedWrites: number;
  restoreMs: number;
  restoredContentServed: boolean;
  corruptRefused: boolean;
};

export async function measureBackup(items: number): Promise<BackupFigures> {
  const dir = mkdtempSync(join(tmpdir(), "reliability-backup-"));
  const file = storeDbFile(dir);
  const store = await createReliabilityStore({
    file,
    permissions: { read: "anyone", insert: "admin", update: "admin", remove: "admin" },
    rows: [],
    siteDir: createStandInSite(),
  });
  const insert = (id: string) =>
    store.app.inject({
      method: "POST",
      url: "/wix-data/v2/items",
      headers: { authorization: store.apiKey },
      payload: {
        dataCollectionId: COLLECTION,
        dataItem: { data: { _id: id, text: `${id} `.repeat(100) } },
      },
    });
  const count = async () =>
    (
      await store.app.inject({
        method: "POST",
        url: "/wix-data/v2/items/count",
        headers: { authorization: store.apiKey },
        payload: { dataCollectionId: COLLECTION },
      })
    ).json().totalCount as number;
  try {
    const bulk = 500;
    for (let start = 0; start < items; start += bulk) {
      await store.app.inject({
        method: "POST",
        url: "/wix-data/v2/bulk/items/insert",
        headers: { authorization: store.apiKey },
        payload: {
          dataCollectionId: COLLECTION,
          dataItems: Array.from({ length: Math.min(bulk, items - start) }, (_, k) => ({
            data: { _id: `seed-${start + k}`, text: "x".repeat(1000) },
          })),
        },
      });
    }
    let writing = true;
    const statuses: number[] = [];
    const writer = (async () => {
      for (let n = 0; writing; n++) statuses.push((await insert(`during-${n}`)).statusCode);
    })();
    const backup = join(dir, "backup.db");
    const backupStarted = performance.now();
    await backupDatabase(file, backup);
    const backupMs = performance.now() - backupStarted;
    writing = false;
    await writer;
    const copy = new Database(backup, { readonly: true });
    const backedUp =
      copy
        .prepare<[string], number>("SELECT count(*) FROM items WHERE collection_id = ?")
        .pluck()
        .get(COLLECTION) ?? 0;
    copy.close();

    const corrupt = join(dir, "corrupt.db");
    writeFileSync(corrupt, "this is not a database".repeat(1000));
    const before = dumpContent(store.db);
    const corruptRefused = await restoreDatabase(file, corrupt).then(
      () => false,
      (error: unknown) => error instanceof BackupRefused && dumpContent(store.db) === before,
    );

    const restoreStarted = performance.now();
    await restoreDatabase(file, backup);
    const restoreMs = performance.now() - restoreStarted;
    const restored = await count();
    return {
      items,
      databaseMb: statSync(backup).size / 1024 / 1024,
      backupMs,
      writesDuringBackup: statuses.length,
      failedWrites: statuses.filter((status) => status !== 200).length,
      restoreMs,
      restoredContentServed:
        restored >= items &&
        restored <= backedUp + statuses.length &&
        restored < items + statuses.length + 1,
      corruptRefused,
    };
  } finally {
    await store.app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
