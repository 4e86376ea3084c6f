/**
 * The members' pages' own sign-in (identity/page-sessions.ts) under abuse: a shared browser
 * handed from one member to another, cookies kept after the sign-in they named ended, a cookie
 * from before sessions existed, a member blocked behind the store's back. Each answers a page,
 * never an error, and no one is signed in as someone else.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createMemberKit, type MemberKit } from "../../main/test-kit/identity-kit.ts";
import { createMemberBrowser, type MemberBrowser } from "../../main/test-kit/member-browser.ts";
import { hashToken } from "../../platform/secrets/secrets.ts";

const ADA = "ada@example.com";
const BOB = "bob@example.com";

let k: MemberKit;
let adaId = "";
let browser: MemberBrowser;
beforeEach(async () => {
  k = await createMemberKit();
  adaId = await k.signUp(ADA);
  browser = createMemberBrowser(k);
});
afterEach(() => k.close());

/** The e-mail the browser's account page is for; null when it is sent to sign in. */
async function accountOf(b: MemberBrowser): Promise<string | null> {
  const page = await b.get("/members/account");
  if (page.statusCode === 303 || page.statusCode === 302) {
    expect(page.headers.location).toBe("/members/sign-in");
    return null;
  }
  expect(page.statusCode).toBe(200);
  return /[\w.+-]+@example\.com/.exec(page.body)?.[0] ?? "";
}

const pageSessions = () =>
  k.db
    .prepare(
      `SELECT i.email, s.end_reason AS reason FROM sessions s JOIN identities i ON i.id = s.identity_id
       WHERE s.channel = 'page' ORDER BY s.created_at, i.email`,
    )
    .all() as { email: string; reason: string | null }[];

/** The API logout as a page of the store's own site calls it, with the browser's cookie. */
const apiLogout = (cookie: string) =>
  k.app.inject({
    method: "GET",
    url: "/_api/iam/authentication/v1/logout",
    headers: { host: "store.test", cookie },
  });

describe("a browser shared between members", () => {
  test("a second member signing in on the first one's browser is signed in as themself", async () => {
    await k.signUp(BOB);
    await browser.signIn(ADA);
    const adaCookie = browser.cookies.get("member_session");
    expect(await accountOf(browser)).toBe(ADA);

    await browser.signIn(BOB);

    expect(browser.cookies.get("member_session")).not.toBe(adaCookie);
    expect(await accountOf(browser)).toBe(BOB);
    expect(pageSessions()).toEqual([
      { email: ADA, reason: null },
      { email: BOB, reason: null },
    ]);
  });

  test("signing in again as the same member re-proves the browser's sign-in: same cookie, one session", async () => {
    await browser.signIn(ADA);
    const cookie = browser.cookies.get("member_session");

    const again = await browser.signIn(ADA);

    expect(String(again.headers["set-cookie"] ?? "")).not.toContain("member_session=");
    expect(browser.cookies.get("member_session")).toBe(cookie);
    expect(await accountOf(browser)).toBe(ADA);
    expect(pageSessions()).toEqual([{ email: ADA, reason: null }]);
  });
});

describe("cookies kept after their sign-in ended", () => {
  test("a cookie kept after the page's sign-out and replayed to the API logout is refused quietly", async () => {
    await browser.signIn(ADA);
    const kept = browser.cookie();
    await browser.submit("/members/sign-out", { csrf: await browser.csrf() });
    expect(pageSessions()).toEqual([{ email: ADA, reason: "sign_out" }]);

    const replayed = await apiLogout(kept);

    expect(replayed.statusCode).toBe(200);
    expect(pageSessions()).toEqual([{ email: ADA, reason: "sign_out" }]);
    expect(await accountOf(createMemberBrowser(k))).toBeNull();
  });

  test("a forged member cookie sent to the API logout ends nobody's sign-in", async () => {
    await browser.signIn(ADA);

    const forged = await apiLogout("member_session=forged-value");

    expect(forged.statusCode).toBe(200);
    expect(pageSessions()).toEqual([{ email: ADA, reason: null }]);
    expect(await accountOf(browser)).toBe(ADA);
  });

  test("signing out everywhere ends every page session with that reason, and the cookie with it", async () => {
    const laptop = createMemberBrowser(k);
    await laptop.signIn(ADA);
    await browser.signIn(ADA);

    await browser.submit("/members/account/sign-out-everywhere", { csrf: await browser.csrf() });

    expect(pageSessions()).toEqual([
      { email: ADA, reason: "sign_out_everywhere" },
      { email: ADA, reason: "sign_out_everywhere" },
    ]);
    expect(await accountOf(laptop)).toBeNull();
    expect(await accountOf(browser)).toBeNull();
  });
});

describe("cookies the store no longer honours", () => {
  /** A browser token as the store kept it before page sessions existed: it names no session. */
  function legacyCookie(): string {
    const value = "legacy-cookie-from-before-sessions";
    k.db
      .prepare(
        `INSERT INTO identity_tokens (token_hash, kind, identity_id, payload, expires_at)
         VALUES (?, 'browser', ?, '{}', ?)`,
      )
      .run(hashToken(value), adaId, k.clock.ms + 24 * 3_600_000);
    return value;
  }
  const browserTokens = () =>
    k.db.prepare("SELECT COUNT(*) AS n FROM identity_tokens WHERE kind = 'browser'").get();

  test("a cookie from before sessions existed signs nobody in; the member signs in again", async () => {
    browser.cookies.set("member_session", legacyCookie());
    expect(await accountOf(browser)).toBeNull();
  });

  test("a cookie from before sessions existed is dropped by the API logout", async () => {
    const value = legacyCookie();
    const loggedOut = await apiLogout(`member_session=${value}`);
    expect(loggedOut.statusCode).toBe(200);
    expect(browserTokens()).toEqual({ n: 0 });
  });

  test("a member blocked behind the store's back (the database changed directly) is sent to sign in", async () => {
    await browser.signIn(ADA);
    k.db.prepare("UPDATE identities SET status = 'BLOCKED' WHERE id = ?").run(adaId);
    expect(await accountOf(browser)).toBeNull();
  });
});
