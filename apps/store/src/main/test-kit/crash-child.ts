/**
 * Test fixture for the crash tests (crash-safety.test.ts, files-crash.test.ts): the store (API
 * only) on a database file, with private files in a folder when one is named, listening on a
 * free port that it prints as `PORT <n>`. The test kills it with SIGKILL mid-write
 * (store-process.ts starts it: startCrashChild).
 */

import { openDb } from "../../platform/db/open.ts";
import { createApp } from "../app.ts";

const [file, filesDir] = process.argv.slice(2);
if (!file) throw new Error("usage: crash-child.ts <database file> [files dir]");
const db = openDb(file);
const app = createApp({
  db,
  config: { clientId: "crash", signingKey: new Uint8Array(32).fill(3) },
  ...(filesDir ? { files: { dir: filesDir } } : {}),
});
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
process.stdout.write(`PORT ${typeof address === "object" && address ? address.port : 0}\n`);
