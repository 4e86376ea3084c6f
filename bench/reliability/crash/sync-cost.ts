/**
 * @module The cost of the durability setting: single-item writes per second through the store's
 * item writer on a database file, with `synchronous = NORMAL` (the store's setting; in WAL mode
 * a commit survives a killed process, and the last commits may be lost on power failure) and
 * with `FULL` (each commit waits for fsync, so it survives power failure too).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import {
  createItemsStore,
  createItemWriter,
  openDb,
} from "../../../apps/store/src/main/testing.ts";
import { addVault, COLLECTION } from "../lib/reliability-store.ts";

export type SyncCost = {
  normalWritesPerSecond: number;
  fullWritesPerSecond: number;
  seconds: number;
};

function writesPerSecond(synchronous: "NORMAL" | "FULL", seconds: number): number {
  const dir = mkdtempSync(join(tmpdir(), "sync-cost-"));
  const db = openDb(join(dir, "store.db"));
  try {
    db.sqlite.pragma(`synchronous = ${synchronous}`);
    addVault(db, { read: "anyone", insert: "admin", update: "admin", remove: "admin" });
    const writer = createItemWriter(createItemsStore(db), Date.now);
    const end = performance.now() + seconds * 1000;
    let writes = 0;
    const started = performance.now();
    while (performance.now() < end) {
      writer.insert(
        COLLECTION,
        { id: `w${writes}`, data: { title: "a write", n: writes } },
        "bench",
      );
      writes++;
    }
    return writes / ((performance.now() - started) / 1000);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Measures both settings for `seconds` each, on a fresh file in the temp folder. */
export function measureSyncCost(seconds: number): SyncCost {
  return {
    normalWritesPerSecond: writesPerSecond("NORMAL", seconds),
    fullWritesPerSecond: writesPerSecond("FULL", seconds),
    seconds,
  };
}
