/**
 * @module What the crash harness checks after each kill, on the store's database of either
 * engine: every acknowledged write present and whole, no bulk call half there, the edited item
 * and its history whole, every answered sign-up and sign-in stored, and (SQLite) integrity_check.
 */
import { type Db, hashToken } from "../../../apps/store/src/main/testing.ts";
import { integrityOk } from "../lib/engine.ts";
import { COLLECTION } from "../lib/reliability-store.ts";
import type { CrashResult, Round, WriteTally } from "./crash-types.ts";

/** The edited item is big, so a kill can land inside its write. */
const EDIT_PAD = 100_000;
export const EDITED = { collection: "About", id: "about" };

export function editedVersion(token: string) {
  return {
    a: token,
    b: token,
    c: token,
    pad: token.repeat(Math.ceil(EDIT_PAD / token.length)).slice(0, EDIT_PAD),
  };
}

function isWholeVersion(data: Record<string, unknown>): boolean {
  const token = data.a;
  if (typeof token !== "string") return false;
  const whole = editedVersion(token);
  return data.b === whole.b && data.c === whole.c && data.pad === whole.pad;
}

type Stored = string | Record<string, unknown>;

/** An item's data as stored: SQLite's JSON text, PostgreSQL's jsonb as the driver reads it. */
function parsed(stored: Stored): Record<string, unknown> {
  return typeof stored === "string" ? (JSON.parse(stored) as Record<string, unknown>) : stored;
}

function sameData(stored: Stored | undefined, sent: Record<string, unknown>): boolean {
  if (stored === undefined) return false;
  const data = parsed(stored);
  return Object.entries(sent).every(
    ([field, value]) => JSON.stringify(data[field]) === JSON.stringify(value),
  );
}

export function verifyRound(db: Db, label: string, round: Round, result: CrashResult): void {
  if (integrityOk(db) === false) result.integrityFailures++;
  const rows = db
    .prepare<[string, string], { id: string; data: Stored }>(
      "SELECT id, data FROM items WHERE collection_id = ? AND id LIKE ?",
    )
    .all(COLLECTION, `${label}-%`);
  const stored = new Map(rows.map((row) => [row.id, row.data]));
  const tally = result.writes;
  tally.single.sent += round.single.sent.length;
  tally.single.acknowledged += round.single.acked.length;
  for (const item of round.single.acked)
    if (!sameData(stored.get(item.id), item.data)) tally.single.lost++;
  tally.bulk.sent += round.bulk.sent.length;
  tally.bulk.acknowledged += round.bulk.acked.length;
  for (const batch of round.bulk.acked) {
    if (!batch.every((item) => sameData(stored.get(item.id), item.data))) tally.bulk.lost++;
  }
  for (const batch of round.bulk.sent) {
    const present = batch.filter((item) => stored.has(item.id)).length;
    if (present !== 0 && present !== batch.length) result.partialBulk++;
  }
  tally.editor.sent += round.editor.sent;
  tally.editor.acknowledged += round.editor.acked.length;
  const edited = db
    .prepare<[string, string], { data: Stored }>(
      "SELECT data FROM items WHERE collection_id = ? AND id = ?",
    )
    .get(EDITED.collection, EDITED.id);
  const data = edited ? parsed(edited.data) : {};
  if (!isWholeVersion(data)) result.partialVersions++;
  const lastAcked = round.editor.acked.at(-1);
  if (lastAcked !== undefined) {
    const match = new RegExp(`^${label}e(\\d+)-$`).exec(String(data.a));
    if (!match || Number(match[1]) < lastAcked) tally.editor.lost++;
  }
  const history = db
    .prepare<[string, string], { data: Stored }>(
      "SELECT data FROM item_history WHERE collection_id = ? AND item_id = ? ORDER BY version_id DESC LIMIT 50",
    )
    .all(EDITED.collection, EDITED.id);
  for (const entry of history) {
    if (!isWholeVersion(parsed(entry.data))) result.partialVersions++;
  }
  verifyMembers(db, round, tally.member);
}

/** Every answered sign-up left its active identity with a password; every session its row. */
function verifyMembers(db: Db, round: Round, tally: WriteTally): void {
  const identity = db.prepare<[string], { id: string; status: string; password_hash: string }>(
    "SELECT id, status, password_hash FROM identities WHERE email = ?",
  );
  const session = db.prepare<[string], { identity_id: string }>(
    "SELECT identity_id FROM identity_tokens WHERE token_hash = ? AND kind = 'session'",
  );
  tally.sent += round.member.sent;
  tally.acknowledged += round.member.acked.length;
  for (const { email, sessionToken } of round.member.acked) {
    const member = identity.get(email);
    const whole = member?.status === "ACTIVE" && Boolean(member.password_hash);
    if (!whole || session.get(hashToken(sessionToken))?.identity_id !== member.id) tally.lost++;
  }
}
