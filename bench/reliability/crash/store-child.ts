/**
 * Child entry for the crash harness: the store (API, owner editor, members; no site) on the database
 * file given as the argument, on a free loopback port printed as `PORT <n>`. The harness kills
 * it with SIGKILL.
 */
import { createApp, openDb } from "../../../apps/store/src/testing.ts";
import { CLIENT_ID, MEMBER_WRITER_IDENTITY_CONFIG, SIGNING_KEY } from "../lib/reliability-store.ts";

const file = process.argv[2];
if (!file) throw new Error("usage: store-child.ts <database file>");
const db = openDb(file);
const app = createApp({
  db,
  config: { clientId: CLIENT_ID, signingKey: SIGNING_KEY },
  // Members sign up and in without a mailed code, as often as the writers ask.
  identity: { config: MEMBER_WRITER_IDENTITY_CONFIG },
});
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
process.stdout.write(`PORT ${typeof address === "object" && address ? address.port : 0}\n`);
