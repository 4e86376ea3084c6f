/**
 * Child entry for the crash harness: the store (API, owner editor, members; no site) on the
 * database given as the argument (a SQLite file, or a PostgreSQL URL), on a free loopback port
 * printed as `PORT <n>`. The harness kills it with SIGKILL.
 */
import { createApp, openDb, openPgDb } from "../../../apps/store/src/main/testing.ts";
import { CLIENT_ID, MEMBER_WRITER_IDENTITY_CONFIG, SIGNING_KEY } from "../lib/reliability-store.ts";

const target = process.argv[2];
if (!target) throw new Error("usage: store-child.ts <database file | postgres URL>");
const db = /^postgres(ql)?:/.test(target) ? openPgDb({ url: target }) : openDb(target);
const app = createApp({
  db,
  config: { clientId: CLIENT_ID, signingKey: SIGNING_KEY },
  // Members sign up and in without a mailed code, as often as the writers ask.
  identity: { config: MEMBER_WRITER_IDENTITY_CONFIG },
});
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
process.stdout.write(`PORT ${typeof address === "object" && address ? address.port : 0}\n`);
