/**
 * The member's security page, written as the abuse each call stops: a stolen
 * session ended from the page refuses its tokens, a session id of someone else cannot be
 * ended, the export carries everything, and a deleted member leaves no trace of their e-mail.
 */
import { unzipSync } from "fflate";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";
import { membersOnlyCollection, readAsMember } from "../../main/test-kit/member-browser.ts";
import { ownerHeaders, ownerSignedIn } from "../../main/test-kit/owner-signed-in.ts";

const ADA = "ada@example.com";
const BOB = "bob@example.com";
let k: MemberKit;

beforeEach(async () => {
  k = await createMemberKit();
  membersOnlyCollection(k);
});
afterEach(() => k.close());

const call = (method: "GET" | "POST", path: string, authorization: string) =>
  k.app.inject({
    method,
    url: `/_api/account/v1${path}`,
    headers: { host: "store.test", authorization },
  });

type SessionList = { sessions: { id: string; current: boolean; device: string }[] };

describe("sessions", () => {
  test("a session ended from the security page refuses its stolen tokens on their next request", async () => {
    await k.signUp(ADA);
    const mine = await k.memberTokens(ADA);
    const stolen = await k.memberTokens(ADA);
    const listed = (await call("GET", "/sessions", mine.access_token)).json() as SessionList;
    expect(listed.sessions).toHaveLength(2);
    const other = listed.sessions.find((session) => !session.current);
    expect(listed.sessions.filter((session) => session.current)).toHaveLength(1);
    expect((await readAsMember(k, stolen.access_token)).statusCode).toBe(200);

    const ended = await call("POST", `/sessions/${other?.id}/end`, mine.access_token);
    expect(ended.statusCode).toBe(200);
    expect((await readAsMember(k, stolen.access_token)).statusCode).toBe(401);
    expect((await readAsMember(k, mine.access_token)).statusCode).toBe(200);
  });

  test("ending every other session keeps only this device", async () => {
    await k.signUp(ADA);
    const mine = await k.memberTokens(ADA);
    const others = [await k.memberTokens(ADA), await k.memberTokens(ADA)];
    expect((await call("POST", "/sessions/end-others", mine.access_token)).statusCode).toBe(200);
    for (const tokens of others) {
      expect((await readAsMember(k, tokens.access_token)).statusCode).toBe(401);
    }
    const listed = (await call("GET", "/sessions", mine.access_token)).json() as SessionList;
    expect(listed.sessions.map((session) => session.current)).toEqual([true]);
  });

  test("another member's session id cannot be ended", async () => {
    await k.signUp(ADA);
    await k.signUp(BOB);
    const ada = await k.memberTokens(ADA);
    const bob = await k.memberTokens(BOB);
    const bobs = (await call("GET", "/sessions", bob.access_token)).json() as SessionList;
    const attempt = await call("POST", `/sessions/${bobs.sessions[0]?.id}/end`, ada.access_token);
    expect(attempt.statusCode).toBe(404);
    expect(codeOf(attempt)).toBe("SESSION_NOT_FOUND");
    expect((await readAsMember(k, bob.access_token)).statusCode).toBe(200);
  });

  test("the API key or a visitor token cannot read a member's security page", async () => {
    expect(codeOf(await call("GET", "/sessions", k.apiKey))).toBe("ACCOUNT_MEMBER_REQUIRED");
    expect(codeOf(await call("GET", "/sessions", await k.token()))).toBe("ACCOUNT_MEMBER_REQUIRED");
    expect((await call("GET", "/sign-ins", "")).statusCode).toBe(401);
  });
});

describe("sign-in history", () => {
  test("a wrong password from another address shows in the member's history", async () => {
    await k.signUp(ADA);
    await k.app.inject({
      method: "POST",
      url: "/_api/iam/authentication/v2/login",
      headers: { host: "store.test" },
      remoteAddress: "198.51.100.9",
      payload: { loginId: { email: ADA }, password: "a wrong guess here" },
    });
    k.clock.ms += 1000;
    const tokens = await k.memberTokens(ADA);
    const history = (await call("GET", "/sign-ins", tokens.access_token)).json() as {
      signIns: { outcome: string; method: string; address: string }[];
    };
    expect(history.signIns[0]).toMatchObject({ outcome: "success", method: "password" });
    expect(history.signIns).toContainEqual(
      expect.objectContaining({ outcome: "failure", method: "password", address: "198.51.100.9" }),
    );
  });
});

describe("export and deletion", () => {
  test("the export holds the member's profile, items, sessions and sign-ins", async () => {
    const id = await k.signUp(ADA);
    const tokens = await k.memberTokens(ADA);
    k.store.insert(
      "MembersOnly",
      { _id: "note-1", title: "mine" },
      { now: k.clock.ms, ownerId: id },
    );
    const response = await call("GET", "/export", tokens.access_token);
    expect(response.headers["content-type"]).toBe("application/zip");
    expect(response.headers["content-disposition"]).toMatch(/^attachment;/);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const read = (name: string) => JSON.parse(new TextDecoder().decode(files[name])) as unknown;
    expect(read("profile.json")).toMatchObject({ id, email: ADA });
    expect(read("items.json")).toEqual([
      expect.objectContaining({ collectionId: "MembersOnly", id: "note-1" }),
    ]);
    expect(read("sessions.json")).toHaveLength(1);
    expect(read("sign-ins.json")).toEqual([expect.objectContaining({ outcome: "success" })]);
  });

  test("a borrowed token older than 10 minutes cannot delete the account", async () => {
    await k.signUp(ADA);
    const tokens = await k.memberTokens(ADA);
    k.clock.ms += 11 * 60_000;
    const refused = await call("POST", "/delete", tokens.access_token);
    expect(codeOf(refused)).toBe("IDENTITY_REAUTHENTICATION_REQUIRED");
    expect((await readAsMember(k, tokens.access_token)).statusCode).toBe(200);
  });

  test("after deletion no table holds the member's e-mail, and the audit log names only the deletion", async () => {
    const id = await k.signUp(ADA);
    await k.post("/_api/iam/authentication/v2/login", {
      loginId: { email: ADA },
      password: "not the password",
    });
    const tokens = await k.memberTokens(ADA);
    k.store.insert("MembersOnly", { _id: "n", owner: ADA }, { now: k.clock.ms, ownerId: id });
    // The owner was told about them, and they once wrote through the contact form.
    k.db
      .prepare("INSERT INTO mail_outbox (recipient, subject, body, created_at) VALUES (?, ?, ?, ?)")
      .run("owner@example.com", "Someone waits", `Ada.Lovelace: ${ADA.toUpperCase()}`, 1);
    k.db
      .prepare(
        "INSERT INTO contact_messages (id, name, email, message, status, created_at) VALUES (?, ?, ?, ?, ?, ?)",
      )
      .run("m1", "Ada", ADA.toUpperCase(), "Hello", "new", 1);
    k.db
      .prepare("INSERT INTO mail_outbox (recipient, subject, body, created_at) VALUES (?, ?, ?, ?)")
      .run("owner@example.com", "Another client", "bob_x@example.com uploaded a file", 1);
    expect(JSON.stringify(dumpAll())).toContain(ADA);

    expect((await call("POST", "/delete", tokens.access_token)).statusCode).toBe(200);
    expect((await readAsMember(k, tokens.access_token)).statusCode).toBe(401);
    const dump = JSON.stringify(dumpAll());
    expect(dump.toLowerCase()).not.toContain(ADA);
    expect(dump).not.toContain(id);
    // A mail about someone else stays.
    expect(dump).toContain("bob_x@example.com");
    const audit = k.db.prepare("SELECT * FROM audit_log").all() as { action: string }[];
    expect(audit).toEqual([expect.objectContaining({ action: "member.delete-own", target: null })]);
    const again = await k.post("/_api/iam/authentication/v2/login", {
      loginId: { email: ADA },
      password: PASSWORD,
    });
    expect(again.statusCode).not.toBe(200);
  });
});

describe("the owner's deletion", () => {
  test("a member the owner deletes leaves no e-mail anywhere; the audit entry names no one", async () => {
    const id = await k.signUp(ADA);
    await k.memberTokens(ADA);
    const owner = ownerHeaders(await ownerSignedIn(k));
    const deleted = await k.app.inject({
      method: "DELETE",
      url: `/admin/api/members/${id}`,
      headers: { host: "store.test", ...owner },
    });
    expect(deleted.statusCode).toBe(200);
    expect(JSON.stringify(dumpAll())).not.toContain(ADA);
    const audit = await k.app.inject({
      method: "GET",
      url: "/admin/api/audit",
      headers: { host: "store.test", ...owner },
    });
    const entries = (audit.json() as { entries: { action: string }[] }).entries;
    expect(entries.filter((entry) => entry.action !== "account.sign-in")).toEqual([
      expect.objectContaining({ actor: "the owner", action: "member.delete", target: null }),
    ]);
  });
});

/** Every row of every table, as a search of the whole database would see it. */
function dumpAll(): Record<string, unknown[]> {
  const tables = k.db
    .prepare(
      k.db.dialect === "sqlite"
        ? "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        : "SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()",
    )
    .all() as { name: string }[];
  return Object.fromEntries(
    tables.map(({ name }) => [name, k.db.prepare(`SELECT * FROM "${name}"`).all()]),
  );
}
