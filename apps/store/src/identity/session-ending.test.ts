/**
 * Sessions are records: a session that ended leaves no token that works. Each test
 * keeps a member's tokens, ends the session the way a member or the owner does, and replays
 * them: the access token is refused on its next request, the refresh token mints nothing.
 */
import { SignJWT } from "jose";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { codeOf } from "../main/test-kit/api.ts";
import { createMemberKit, type MemberKit } from "../main/test-kit/identity-kit.ts";
import {
  createMemberBrowser,
  membersOnlyCollection,
  readAsMember,
  refresh,
} from "../main/test-kit/member-browser.ts";
import { TEST_CLIENT_ID, TEST_KEY } from "../main/test-kit/test-app.ts";

const ADA = "ada@example.com";
type Tokens = { access_token: string; refresh_token: string };

let k: MemberKit;
let adaId: string;
beforeEach(async () => {
  k = await createMemberKit();
  membersOnlyCollection(k);
  adaId = await k.signUp(ADA);
});
afterEach(() => k.close());

async function expectWorking(tokens: Tokens) {
  expect((await readAsMember(k, tokens.access_token)).statusCode).toBe(200);
  expect((await refresh(k, tokens.refresh_token)).statusCode).toBe(200);
}

async function expectRefused(tokens: Tokens) {
  const read = await readAsMember(k, tokens.access_token);
  expect(read.statusCode).toBe(401);
  expect(codeOf(read)).toBe("TOKEN_INVALID");
  const refreshed = await refresh(k, tokens.refresh_token);
  expect(refreshed.statusCode).toBe(400);
  expect(codeOf(refreshed)).toBe("INVALID_GRANT");
}

const logout = (headers: Record<string, string>) =>
  k.app.inject({
    method: "GET",
    url: "/_api/iam/authentication/v1/logout",
    headers: { host: "store.test", ...headers },
  });

describe("signing out", () => {
  test("tokens kept after the API logout and replayed are refused", async () => {
    const tokens = await k.memberTokens(ADA);
    await expectWorking(tokens);
    expect((await logout({ authorization: tokens.access_token })).statusCode).toBe(200);
    await expectRefused(tokens);
  });

  test("tokens a browser got are refused after the API logout with its cookie", async () => {
    const browser = createMemberBrowser(k);
    await browser.signIn(ADA);
    const tokens = await browser.memberTokens();
    await expectWorking(tokens);
    expect((await logout({ cookie: browser.cookie() })).statusCode).toBe(200);
    await expectRefused(tokens);
  });

  test("tokens kept after the page's sign-out and replayed are refused", async () => {
    const browser = createMemberBrowser(k);
    await browser.signIn(ADA);
    const tokens = await browser.memberTokens();
    await expectWorking(tokens);
    const signedOut = await browser.submit("/members/sign-out", { csrf: await browser.csrf() });
    expect(signedOut.body).toContain("You are signed out");
    await expectRefused(tokens);
    expect((await browser.get("/members/account")).headers.location).toBe("/members/sign-in");
  });

  test("tokens kept after the SDK's logout (a logout redirect session) are refused", async () => {
    const tokens = await k.memberTokens(ADA);
    const created = await k.post(
      "/_api/redirects-api/v1/redirect-session",
      { logout: { clientId: TEST_CLIENT_ID } },
      { authorization: tokens.access_token },
    );
    expect(created.statusCode).toBe(200);
    await expectRefused(tokens);
  });

  test("signing out ends that sign-in only: another session of the member goes on", async () => {
    const kept = await k.memberTokens(ADA);
    const ended = await k.memberTokens(ADA);
    await logout({ authorization: ended.access_token });
    await expectRefused(ended);
    await expectWorking(kept);
  });
});

describe("signing out everywhere", () => {
  test("a thief's tokens from another device are refused after the member signs out everywhere", async () => {
    const thief = await k.memberTokens(ADA);
    const laptop = createMemberBrowser(k);
    await laptop.signIn(ADA);
    const laptopTokens = await laptop.memberTokens();
    const phone = createMemberBrowser(k);
    await phone.signIn(ADA);

    const done = await phone.submit("/members/account/sign-out-everywhere", {
      csrf: await phone.csrf(),
    });

    expect(done.body).toContain("You are signed out on every device");
    await expectRefused(thief);
    await expectRefused(laptopTokens);
    expect((await laptop.get("/members/account")).headers.location).toBe("/members/sign-in");
    expect((await phone.get("/members/account")).headers.location).toBe("/members/sign-in");
  });

  test("a cross-site form without the account page's token signs no device out", async () => {
    const thief = await k.memberTokens(ADA);
    const browser = createMemberBrowser(k);
    await browser.signIn(ADA);

    const forged = await browser.submit("/members/account/sign-out-everywhere", { csrf: "forged" });

    expect(forged.headers.location).toBe("/members/sign-in");
    await expectWorking(thief);
    expect((await browser.get("/members/account")).statusCode).toBe(200);
  });
});

describe("password change and reset", () => {
  test("after a password change, another session's access and refresh tokens are refused", async () => {
    const current = await k.memberTokens(ADA);
    const other = await k.memberTokens(ADA);
    const changed = await k.post(
      "/_api/iam/authentication/v2/change-password",
      { newPassword: "a brand new password" },
      { authorization: current.access_token },
    );
    expect(changed.json()).toEqual({});
    await expectRefused(other);
    await expectWorking(current);
  });

  test("after a reset through the mailed link, every session's tokens are refused", async () => {
    const first = await k.memberTokens(ADA);
    const second = await k.memberTokens(ADA);
    await k.post("/_api/iam/recovery/v1/send-email", { email: ADA });
    const mail = await k.smtp.nextMail(ADA, 1);
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] ?? "");
    const browser = createMemberBrowser(k);
    const reset = await browser.submit("/members/reset-password", {
      token: link.searchParams.get("token") ?? "",
      password: "a brand new password",
    });
    expect(reset.body).toContain("Your new password is saved");
    await expectRefused(first);
    await expectRefused(second);
  });
});

describe("the owner's actions", () => {
  const act = (action: "block" | "unblock" | "delete") => {
    k.ownerActs(adaId, action);
  };

  test("after a block then an unblock, tokens from before the block stay refused", async () => {
    const tokens = await k.memberTokens(ADA);
    await expectWorking(tokens);
    act("block");
    await expectRefused(tokens);
    act("unblock");
    await expectRefused(tokens);
    await expectWorking(await k.memberTokens(ADA));
  });

  test("after a deletion, the member's tokens are refused and their sessions forgotten", async () => {
    const tokens = await k.memberTokens(ADA);
    act("delete");
    await expectRefused(tokens);
    expect(k.db.prepare("SELECT id FROM sessions").all()).toEqual([]);
  });
});

describe("tokens from before sessions existed", () => {
  const legacy = (use: "access" | "refresh") =>
    new SignJWT({ token_use: use, role: "member", cid: TEST_CLIENT_ID })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(adaId)
      .setIssuedAt(Math.floor(k.clock.ms / 1000))
      .setExpirationTime(Math.floor(k.clock.ms / 1000) + 3600)
      .sign(TEST_KEY);

  test("a member's 365-day refresh token without a session mints nothing; its access token is refused", async () => {
    await expectRefused({
      access_token: await legacy("access"),
      refresh_token: await legacy("refresh"),
    });
  });
});
