/**
 * What the owner does to a member, checked on the rows it leaves: a blocked member keeps no
 * session and no sign-in token, an approval never lets in someone blocked or still unverified,
 * an unblock revives no session, a reset of two-step forgets the remembered devices, a deletion
 * leaves nothing to sign in with.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDb } from "../main/test-kit/test-db.ts";
import type { Db } from "../platform/db/sql-db.ts";
import { applyMemberAction, listMembers, summariseMember } from "./member-admin.ts";
import { createSessions, type Sessions } from "./sessions.ts";
import type { IdentityStatus } from "./storage/identity-store.ts";
import {
  createIdentityStore,
  type IdentityStore,
  type PendingReason,
  type TokenKind,
} from "./storage/identity-store.ts";

const T0 = Date.UTC(2026, 10, 27, 9, 0, 0);
const APPROVAL: PendingReason = "PENDING_ADMIN_APPROVAL_REQUIRED";
const VERIFICATION: PendingReason = "PENDING_EMAIL_VERIFICATION_REQUIRED";
const KINDS: TokenKind[] = [
  "state",
  "session",
  "auth_code",
  "recovery",
  "redirect",
  "browser",
  "device",
  "totp_enrolment",
  "webauthn",
];

let db: Db;
let store: IdentityStore;
let sessions: Sessions;
let seq = 0;

beforeEach(() => {
  db = openTestDb();
  store = createIdentityStore(db);
  sessions = createSessions(db, () => T0);
});
afterEach(() => db.close());

function member(status: IdentityStatus = "ACTIVE", reasons: PendingReason[] = []) {
  seq += 1;
  const id = `m${seq}`;
  store.insert({
    id,
    email: `member${seq}@example.com`,
    emailVerified: true,
    passwordHash: "hash",
    status,
    reasons,
    profile: {},
    now: T0 + seq,
  });
  // One token of every kind, and a session.
  for (const kind of KINDS) store.putToken(`${id}-${kind}`, kind, id, {}, T0 + 3_600_000);
  const sid = sessions.start({ identityId: id, channel: "page", authAt: T0, client: {} });
  return { id, sid, row: () => store.byId(id) };
}

const act = (m: ReturnType<typeof member>, action: Parameters<typeof applyMemberAction>[3]) =>
  applyMemberAction(store, sessions, m.row() ?? (null as never), action, T0 + 1_000);

const tokensLeft = (id: string) =>
  KINDS.filter((kind) => store.peekToken(`${id}-${kind}`, kind, T0) !== null);

describe("blocking", () => {
  test("ends the member's sessions and every sign-in token, keeps the reasons", () => {
    const ada = member("PENDING", [APPROVAL]);
    const bob = member();
    const after = act(ada, "block");
    expect(after).toMatchObject({ status: "BLOCKED", reasons: [APPROVAL] });
    expect(sessions.read(ada.sid)).toBeNull();
    expect(tokensLeft(ada.id)).toEqual(["auth_code", "redirect", "totp_enrolment", "webauthn"]);
    // Another member is untouched.
    expect(sessions.read(bob.sid)).not.toBeNull();
    expect(tokensLeft(bob.id)).toEqual(KINDS);
    const reason = db.prepare("SELECT end_reason FROM sessions WHERE id = ?").get(ada.sid) as {
      end_reason: string;
    };
    expect(reason.end_reason).toBe("blocked");
  });
});

describe("approving", () => {
  test("lets in a member who waited only for the owner", () => {
    expect(act(member("PENDING", [APPROVAL]), "approve")).toMatchObject({
      status: "ACTIVE",
      reasons: [],
    });
  });

  test("leaves a member pending who has yet to verify their e-mail", () => {
    expect(act(member("PENDING", [VERIFICATION, APPROVAL]), "approve")).toMatchObject({
      status: "PENDING",
      reasons: [VERIFICATION],
    });
  });

  test("never lets in a blocked member", () => {
    expect(act(member("BLOCKED", [APPROVAL]), "approve")).toMatchObject({
      status: "BLOCKED",
      reasons: [],
    });
  });
});

describe("unblocking", () => {
  test("makes a blocked member active, or pending while a reason is left; revives no session", () => {
    const plain = member();
    act(plain, "block");
    expect(act(plain, "unblock")).toMatchObject({ status: "ACTIVE", reasons: [] });
    expect(sessions.read(plain.sid)).toBeNull();

    const waiting = member("PENDING", [APPROVAL]);
    act(waiting, "block");
    expect(act(waiting, "unblock")).toMatchObject({ status: "PENDING", reasons: [APPROVAL] });
  });

  test("leaves a member who was not blocked as they were", () => {
    expect(act(member("PENDING", [VERIFICATION]), "unblock")).toMatchObject({
      status: "PENDING",
      reasons: [VERIFICATION],
    });
    const active = member();
    const before = active.row();
    // Not even touched: its revision and date say nothing happened.
    expect(act(active, "unblock")).toEqual(before);
    expect(sessions.read(active.sid)).not.toBeNull();
  });
});

describe("resetting two-step", () => {
  test("turns the app code off and forgets remembered devices, nothing else", () => {
    const ada = member();
    store.setTotp(ada.id, "sealed", T0);
    const after = act(ada, "reset-2fa");
    expect(after?.totpSecret).toBeNull();
    expect(after?.status).toBe("ACTIVE");
    expect(tokensLeft(ada.id)).toEqual(KINDS.filter((kind) => kind !== "device"));
    expect(sessions.read(ada.sid)).not.toBeNull();
  });
});

describe("deleting", () => {
  test("removes the member with their sessions, which no request finds live after", () => {
    const ada = member();
    expect(sessions.isLive(ada.sid, ada.id)).toBe(true);
    expect(act(ada, "delete")).toBeNull();
    expect(store.byId(ada.id)).toBeNull();
    expect(sessions.read(ada.sid)).toBeNull();
    // The liveness every request asks, warmed before the deletion, forgets the session too.
    expect(sessions.isLive(ada.sid, ada.id)).toBe(false);
    expect(db.prepare("SELECT id FROM sessions WHERE identity_id = ?").all(ada.id)).toEqual([]);
  });
});

describe("the owner's list", () => {
  test("shows each member's state and dates, never a hash or a secret", () => {
    const ada = member("PENDING", [APPROVAL]);
    store.setTotp(ada.id, "sealed", T0);
    store.recordSignIn(ada.id, T0 + 5_000);
    const row = ada.row();
    expect(row && summariseMember(row)).toEqual({
      id: ada.id,
      email: row?.email,
      status: "PENDING",
      reasons: [APPROVAL],
      emailVerified: true,
      twoFactor: true,
      hasPassword: true,
      createdDate: new Date(row?.createdAt ?? 0).toISOString(),
      lastSignInDate: new Date(T0 + 5_000).toISOString(),
    });
    const fresh = member();
    expect(summariseMember(fresh.row() ?? (null as never))).toMatchObject({
      twoFactor: false,
      hasPassword: true,
      lastSignInDate: null,
    });
    const passkeyOnly = { ...(fresh.row() ?? (null as never)), passwordHash: null };
    expect(summariseMember(passkeyOnly).hasPassword).toBe(false);
  });

  test("finds members by a part of their e-mail, any case, spaces trimmed; blank lists all", () => {
    const ada = member();
    const bob = member();
    const adaEmail = ada.row()?.email ?? "";
    expect(listMembers(store, `  ${adaEmail.toUpperCase()} `).map((m) => m.id)).toEqual([ada.id]);
    expect(listMembers(store, "   ").map((m) => m.id)).toEqual([ada.id, bob.id]);
    expect(listMembers(store).map((m) => m.id)).toEqual([ada.id, bob.id]);
  });
});
