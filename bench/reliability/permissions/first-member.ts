/**
 * @module The first member's private things, for the matrix's "other member" caller: the seed's
 * items (both collections) become the first member's own and its files are shared with them
 * alone, and the first member holds a session. A second member, or anyone without a member's or
 * the owner's rights, must neither see these (the member's id, e-mail, session ids) nor change
 * them.
 */
import type { Db } from "../../../apps/store/src/main/testing.ts";
import { FIRST_MEMBER_EMAIL, memberTokenOf } from "../lib/callers.ts";
import {
  COLLECTION,
  REFERENCED_COLLECTION,
  type ReliabilityStore,
} from "../lib/reliability-store.ts";

/** The name of the first member's files (shared with them alone). */
const FIRST_MEMBER_FILE = "first-member-only.pdf";

/** Makes the seed the first member's own; answers what no stranger's answer may hold. */
export async function giveSeedTo(store: ReliabilityStore, memberId: string): Promise<string[]> {
  const { db } = store;
  const setOwner =
    db.dialect === "postgres"
      ? "jsonb_set(data, '{_ownerId}', to_jsonb(?::text))"
      : "json_set(data, '$._ownerId', ?)";
  db.prepare(`UPDATE items SET data = ${setOwner}, owner_id = ? WHERE collection_id IN (?, ?)`).run(
    memberId,
    memberId,
    COLLECTION,
    REFERENCED_COLLECTION,
  );
  db.prepare("UPDATE files SET name = ?").run(FIRST_MEMBER_FILE);
  db.prepare("UPDATE file_shares SET all_members = 0").run();
  db.prepare(
    "INSERT INTO file_share_members (share_id, member_id) SELECT id, ? FROM file_shares",
  ).run(memberId);
  // A session of their own, as a signed-in member has.
  await memberTokenOf(store, memberId);
  return [...firstMemberMarks(db, memberId), FIRST_MEMBER_FILE];
}

/** The first member's id, e-mail and session ids (and their files' name, after giveSeedTo). */
export function firstMemberMarks(db: Db, memberId: string): string[] {
  const sessions = db
    .prepare<[string], { id: string }>("SELECT id FROM sessions WHERE identity_id = ?")
    .all(memberId)
    .map((row) => row.id);
  return [memberId, FIRST_MEMBER_EMAIL, ...sessions];
}

/**
 * The first member's own rows: their identity, sessions and file shares, and with `items` the
 * items they own (a deletion of another account must leave them; elsewhere the data rows' own
 * rules apply, and a permitted write may change them).
 */
export function firstMemberState(db: Db, memberId: string, items = false): string {
  const rows = (sql: string) => JSON.stringify(db.prepare<[string], unknown>(sql).all(memberId));
  return [
    rows("SELECT * FROM identities WHERE id = ?"),
    rows(
      "SELECT id, identity_id, role, channel, parent_id, created_at, auth_at, refresh_generation, ended_at, end_reason FROM sessions WHERE identity_id = ? ORDER BY id",
    ),
    rows("SELECT share_id FROM file_share_members WHERE member_id = ? ORDER BY share_id"),
    items
      ? rows("SELECT collection_id, id FROM items WHERE owner_id = ? ORDER BY collection_id, id")
      : "",
  ].join("\n");
}
