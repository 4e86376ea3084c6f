// The worker thread behind db/wal-checkpointer.ts: a connection of its own to the store's SQLite
// file that copies the WAL back into the database when asked (PASSIVE: it never waits for the
// store's writer, nor the writer for it). The disk waits of a checkpoint happen here, not on the
// thread that answers requests. Plain JavaScript, so that it runs from the sources and from the
// built store alike.
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";

const sqlite = new Database(workerData.file);
sqlite.pragma("busy_timeout = 5000");

parentPort.on("message", (message) => {
  if (message === "close") {
    sqlite.close();
    parentPort.close();
    return;
  }
  try {
    const [result] = sqlite.pragma("wal_checkpoint(PASSIVE)");
    parentPort.postMessage({ ok: true, result });
  } catch (error) {
    parentPort.postMessage({ ok: false, message: String(error?.message ?? error) });
  }
});
