/**
 * @module SQLite's WAL checkpoints off the thread that answers requests. With `synchronous =
 * NORMAL` a checkpoint is where SQLite waits for the disk (the WAL, then the database file), and
 * by default the connection whose commit takes the WAL past 1,000 pages runs it: every request
 * waits behind it, tens of milliseconds on a slow disk (docs/analytics.md, "Figures"). Here the
 * store's connection never checkpoints by itself; a worker thread with a connection of its own
 * (wal-checkpoint-worker.mjs) does, every `everyMs` while the store writes. The worker starts
 * when the WAL first reaches SQLite's own checkpoint size (`startBytes`), so a store that writes
 * little never starts one (nor pays its memory); closing stops it, and the last connection to
 * close checkpoints as SQLite always does. A worker that fails hands the checkpoints back to the
 * store's connection.
 */
import { statSync } from "node:fs";
import { Worker } from "node:worker_threads";
import type BetterSqlite3 from "better-sqlite3";
import { WAL_CHECKPOINT_WORKER_FILE } from "../store-paths.ts";

/** How often a checkpoint runs while the store writes. */
export const WAL_CHECKPOINT_EVERY_MS = 500;
/** The WAL's size that starts the worker: SQLite's own checkpoint size, 1,000 pages of 4 KiB. */
export const WAL_WORKER_START_BYTES = 1000 * 4096;
/** SQLite's own `wal_autocheckpoint`, given back if the worker fails. */
const SQLITE_DEFAULT_AUTOCHECKPOINT = 1000;

type Answer = { ok: true } | { ok: false; message: string };

export type WalCheckpointer = {
  /** Checkpoints the worker has run. */
  readonly checkpoints: number;
  /** Whether a worker thread was started. */
  readonly started: boolean;
  close(): Promise<void>;
};

export function startWalCheckpointer(
  sqlite: BetterSqlite3.Database,
  file: string,
  {
    everyMs = WAL_CHECKPOINT_EVERY_MS,
    startBytes = WAL_WORKER_START_BYTES,
    onError = (_message: string) => {},
  } = {},
): WalCheckpointer {
  sqlite.pragma("wal_autocheckpoint = 0");
  const walFile = `${file}-wal`;
  const walStat = () => statSync(walFile, { throwIfNoEntry: false });
  let worker: Worker | null = null;
  let busy = false;
  let checkpoints = 0;
  let lastSeen = walStat()?.mtimeMs ?? 0;

  function handBack(message: string): void {
    clearInterval(watch);
    onError(message);
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT}`);
    void worker?.terminate();
    worker = null;
  }

  function theWorker(): Worker {
    if (worker !== null) return worker;
    const started = new Worker(WAL_CHECKPOINT_WORKER_FILE, { workerData: { file } });
    started.unref();
    started.on("message", (answer: Answer) => {
      busy = false;
      if (answer.ok) checkpoints += 1;
      else onError(answer.message);
    });
    started.on("error", (error) => handBack(String(error)));
    worker = started;
    return started;
  }

  const watch = setInterval(() => {
    if (busy) return;
    // The WAL file changes only when the store writes: a store at rest asks for nothing.
    const wal = walStat();
    if (wal === undefined || wal.mtimeMs === lastSeen) return;
    if (worker === null && wal.size < startBytes) return;
    lastSeen = wal.mtimeMs;
    busy = true;
    theWorker().postMessage("checkpoint");
  }, everyMs);
  watch.unref();

  return {
    get checkpoints() {
      return checkpoints;
    },
    get started() {
      return worker !== null;
    },
    async close() {
      clearInterval(watch);
      const running = worker;
      worker = null;
      if (running === null) return;
      const exited = new Promise((resolve) => running.once("exit", resolve));
      running.postMessage("close");
      await exited;
    },
  };
}
