/**
 * A sign-in's session token (from login or sign-on) traded for member tokens by the owner's
 * server (`authorized_client` with `session_token`): guessed, another member's, replayed, of a
 * member blocked since, and kept for minutes to make an old sign-in look recent.
 */
import { afterEach, beforeEach, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";

const LOGIN = "/_api/iam/authentication/v2/login";
const CHANGE_PASSWORD = "/_api/iam/authentication/v2/change-password";
const MINUTE = 60_000;

let k: MemberKit;
let server: string;
beforeEach(async () => {
  k = await createMemberKit();
  server = `${await k.token()},${k.apiKey}`;
});
afterEach(() => k.close());

async function sessionTokenOf(email: string): Promise<string> {
  const login = await k.post(LOGIN, { loginId: { email }, password: PASSWORD });
  expect(login.json().state).toBe("SUCCESS");
  return login.json().sessionToken as string;
}

const trade = (memberId: string, sessionToken: unknown) =>
  k.post(
    "/oauth2/token",
    { grant_type: "authorized_client", member_id: memberId, session_token: sessionToken },
    { authorization: server },
  );

const tokenSessions = () =>
  (
    k.db.prepare("SELECT COUNT(*) AS n FROM sessions WHERE channel = 'token'").get() as {
      n: number;
    }
  ).n;

function expectRefused(response: Awaited<ReturnType<typeof trade>>) {
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  expect(codeOf(response)).toBe("IDENTITY_SESSION_TOKEN_INVALID");
  expect(response.body).not.toContain("access_token");
}

test("a guessed session token gets no member tokens", async () => {
  const id = await k.signUp("ada@example.com");
  await sessionTokenOf("ada@example.com");
  expectRefused(await trade(id, "guessed-session-token-0123456789abcdefghijk"));
  expect(tokenSessions()).toBe(0);
});

test("Bob's session token traded under Ada's member id gets no tokens, and is not used up", async () => {
  const ada = await k.signUp("ada@example.com");
  const bob = await k.signUp("bob@example.com");
  const bobsToken = await sessionTokenOf("bob@example.com");
  expectRefused(await trade(ada, bobsToken));
  expect(tokenSessions()).toBe(0);
  // The wrong guess did not burn Bob's token: his own server still trades it.
  expect((await trade(bob, bobsToken)).statusCode).toBe(200);
});

test("a session token works once: the replay gets no second pair of tokens", async () => {
  const id = await k.signUp("ada@example.com");
  const token = await sessionTokenOf("ada@example.com");
  expect((await trade(id, token)).statusCode).toBe(200);
  expectRefused(await trade(id, token));
  expect(tokenSessions()).toBe(1);
});

test("a session token of a member blocked since is refused", async () => {
  const id = await k.signUp("ada@example.com");
  const token = await sessionTokenOf("ada@example.com");
  k.ownerActs(id, "block");
  expectRefused(await trade(id, token));
  expect(tokenSessions()).toBe(0);
});

test("a session token kept 9 minutes does not make the sign-in recent: change-password 11 minutes after the password is refused", async () => {
  const id = await k.signUp("ada@example.com");
  const token = await sessionTokenOf("ada@example.com");
  k.clock.ms += 9 * MINUTE;
  const traded = await trade(id, token);
  expect(traded.statusCode).toBe(200);
  k.clock.ms += 2 * MINUTE;
  const refused = await k.post(
    CHANGE_PASSWORD,
    { newPassword: "a brand new password" },
    { authorization: traded.json().access_token },
  );
  expect(refused.statusCode).toBe(403);
  expect(codeOf(refused)).toBe("IDENTITY_REAUTHENTICATION_REQUIRED");
  const old = await k.post(LOGIN, { loginId: { email: "ada@example.com" }, password: PASSWORD });
  expect(old.json().state).toBe("SUCCESS");
});

test("a session token traded at once counts the sign-in from the password: change-password works", async () => {
  const id = await k.signUp("ada@example.com");
  const traded = await trade(id, await sessionTokenOf("ada@example.com"));
  k.clock.ms += 9 * MINUTE;
  const changed = await k.post(
    CHANGE_PASSWORD,
    { newPassword: "a brand new password" },
    { authorization: traded.json().access_token },
  );
  expect(changed.statusCode).toBe(200);
});

// The members command's SQL changes a status without the owner's view dropping tokens.
const setStatus = (id: string, status: string, reasons: string[]) =>
  k.db
    .prepare("UPDATE identities SET status = ?, reasons = ? WHERE id = ?")
    .run(status, JSON.stringify(reasons), id);

test("a kept session token of a member blocked in the database directly is refused", async () => {
  const id = await k.signUp("ada@example.com");
  const token = await sessionTokenOf("ada@example.com");
  setStatus(id, "BLOCKED", []);
  expectRefused(await trade(id, token));
  expect(tokenSessions()).toBe(0);
});

test("a kept session token of a member put back to await approval is refused", async () => {
  const id = await k.signUp("ada@example.com");
  const token = await sessionTokenOf("ada@example.com");
  setStatus(id, "PENDING", ["PENDING_ADMIN_APPROVAL_REQUIRED"]);
  expectRefused(await trade(id, token));
  expect(tokenSessions()).toBe(0);
});
