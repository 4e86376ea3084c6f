/**
 * @module `npm run store -- members …` and `npm run store -- outbox`: the owner manages members
 * (list, approve, block, unblock, delete) and reads the development outbox, on DATA_DIR's
 * database (also while the store runs).
 */

import { memberBookingsPort } from "../../bookings/index.ts";
import {
  createFileStorage,
  createFilesStore,
  filesDirOf,
  memberFilesPort,
} from "../../files/index.ts";
import {
  applyMemberAction,
  createAuditLog,
  createIdentityStore,
  createMemberData,
  createSecurityStore,
  createSessions,
  createSignInHistory,
  type IdentityStore,
  listMembers,
  MEMBER_ACTIONS,
  type MemberAction,
  normaliseEmail,
} from "../../identity/index.ts";
import { readEnvConfig } from "../../platform/config.ts";
import { withStoreDb } from "../../platform/db/open.ts";
import type { Db } from "../../platform/db/sql-db.ts";
import { createOutboxStore } from "../../platform/mail/outbox-store.ts";

const USAGE = `Usage: npm run store -- members list
       npm run store -- members approve|block|unblock|delete|reset-2fa EMAIL
       npm run store -- outbox [COUNT]

approve   lets a member waiting for approval sign in (approval on: /admin, Members)
block     stops the member's sign-in and tokens at once; unblock undoes it
delete    removes the member (their tokens stop working)
reset-2fa turns the member's TOTP off (lost authenticator and recovery codes)
outbox    prints the latest COUNT (default 5) messages of the development outbox, newest last
Uses DATA_DIR (default ./data).`;

type Out = { log: (line: string) => void; error: (line: string) => void };

function printMembers(store: IdentityStore, out: Out): number {
  const members = listMembers(store);
  if (members.length === 0) out.log("members: none yet");
  for (const m of members) {
    const reasons = m.reasons.length > 0 ? ` (${m.reasons.join(", ")})` : "";
    const totp = m.twoFactor ? " totp" : "";
    out.log(`${m.email}\t${m.status}${reasons}\t${m.id}${totp}`);
  }
  return 0;
}

function changeMember(
  db: Db,
  filesDir: string,
  action: MemberAction,
  emailArg: string,
  out: Out,
): number {
  const store = createIdentityStore(db);
  const email = normaliseEmail(emailArg);
  const found = email === null ? null : store.byEmail(email);
  const member = found?.role === "member" ? found : null;
  if (member === null) {
    out.error(`members: no member with the e-mail ${emailArg}`);
    return 1;
  }
  const sessions = createSessions(db, Date.now);
  if (action === "delete") {
    // Every row about them, as the owner's delete in /admin does; the audit log names no one.
    const signIns = createSignInHistory(createSecurityStore(db), Date.now);
    const files = memberFilesPort(createFilesStore(db), createFileStorage(filesDir));
    const ctx = { store, sessions, signIns, now: Date.now };
    createMemberData(db, ctx, files, memberBookingsPort(db)).erase(member);
    createAuditLog(db, Date.now).record({ actorKind: "command", action: "member.delete" });
  }
  const after =
    action === "delete" ? null : applyMemberAction(store, sessions, member, action, Date.now());
  if (action === "delete") out.log(`members: deleted ${member.email}`);
  else if (action === "reset-2fa") {
    out.log(`members: two-step verification is off for ${member.email}`);
  } else out.log(`members: ${member.email} is now ${after?.status ?? "gone"}`);
  return 0;
}

function printOutbox(db: Db, countArg: string | undefined, out: Out): number {
  const count = countArg === undefined ? 5 : Number(countArg);
  if (!Number.isInteger(count) || count < 1 || count > 500) {
    out.error("outbox: COUNT must be a whole number from 1 to 500");
    return 2;
  }
  const messages = createOutboxStore(db).latest(count).reverse();
  if (messages.length === 0) out.log("outbox: empty");
  for (const m of messages) {
    out.log(
      `--- ${new Date(m.createdAt).toISOString()} to ${m.to}\nSubject: ${m.subject}\n\n${m.text}`,
    );
  }
  return 0;
}

/** Which store the outbox is read from: a server on another DATA_DIR keeps its mail elsewhere. */
function outboxSource(
  config: { dataDir: string; databaseUrl: string | null },
  env: NodeJS.ProcessEnv,
): string {
  if (config.databaseUrl !== null) return "outbox: reading the PostgreSQL database of DATABASE_URL";
  if (env.DATA_DIR?.trim()) return `outbox: reading the store in ${config.dataDir} (DATA_DIR)`;
  return `outbox: reading the store in ${config.dataDir}: DATA_DIR is not set, so this is the default folder; if the server runs with another DATA_DIR, set the same one here`;
}

/** Runs `members …` or `outbox …`; returns the process exit code. */
export function runMembersCli(
  command: "members" | "outbox",
  args: readonly string[],
  out: Out = { log: console.log, error: console.error },
): number {
  const valid =
    command === "outbox"
      ? args.length <= 1
      : (args[0] === "list" && args.length === 1) ||
        ((MEMBER_ACTIONS as readonly string[]).includes(args[0] ?? "") && args.length === 2);
  if (!valid) {
    out.error(USAGE);
    return args[0] === "help" || args[0] === "--help" ? 0 : 2;
  }
  const config = readEnvConfig(process.env, process.cwd());
  if (command === "outbox") out.error(outboxSource(config, process.env));
  return withStoreDb(config, (db) => {
    if (command === "outbox") return printOutbox(db, args[0], out);
    if (args[0] === "list") return printMembers(createIdentityStore(db), out);
    return changeMember(
      db,
      filesDirOf(config.dataDir),
      args[0] as MemberAction,
      args[1] as string,
      out,
    );
  });
}
