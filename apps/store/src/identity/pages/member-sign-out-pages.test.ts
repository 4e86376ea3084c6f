/**
 * Signing out of the store's pages: a logout redirect session ends the browser's sign-in, and
 * cross-site forgeries (logout links, logout navigations, another site's sign-in form) change
 * nobody's sign-in.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createMemberKit,
  type MemberKit,
  ORIGIN,
  PASSWORD,
} from "../../main/test-kit/identity-kit.ts";
import {
  createMemberBrowser,
  hiddenValue,
  type MemberBrowser,
} from "../../main/test-kit/member-browser.ts";
import {
  codeIn,
  type SignInFlowOptions,
  startSignInFlow,
} from "../../main/test-kit/member-signed-in.ts";
import { TEST_CLIENT_ID } from "../../main/test-kit/test-app.ts";

let k: MemberKit;
let browser: MemberBrowser;
let cookies: Map<string, string>;
beforeEach(async () => {
  k = await createMemberKit();
  browser = createMemberBrowser(k);
  cookies = browser.cookies;
});
afterEach(() => k.close());

const get = (url: string) => browser.get(url);
const submit = (url: string, fields: Record<string, string>) => browser.submit(url, fields);
const submitRaw = (url: string, fields: Record<string, string>) => browser.submitRaw(url, fields);
const keepCookies = (response: LightMyRequestResponse) => browser.keep(response);
const cookieHeader = () => browser.cookie();
const startFlow = (options?: SignInFlowOptions) => startSignInFlow(k, options);

describe("sign out", () => {
  test("a logout redirect session ends the browser's sign-in and goes to the allowed page", async () => {
    await k.signUp("ada@example.com");
    const { session } = await startFlow();
    await submit("/members/sign-in", { session, email: "ada@example.com", password: PASSWORD });
    // The SDK creates the logout session with the member's own token.
    const { access_token } = await k.memberTokens("ada@example.com");
    const logout = await k.post(
      "/_api/redirects-api/v1/redirect-session",
      { logout: { clientId: TEST_CLIENT_ID }, callbacks: { postFlowUrl: `${ORIGIN}/` } },
      { authorization: access_token },
    );
    const url = new URL(logout.json().redirectSession.fullUrl);
    const page = await get(url.pathname + url.search);
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(`${ORIGIN}/`);
    expect(cookies.has("member_session")).toBe(false);
    const silent = await startFlow({ prompt: "none" });
    expect(codeIn(await get(silent.path)).get("error")).toBe("login_required");
  });

  test("logout CSRF: a logout link made by someone else asks the member, and only the button signs out", async () => {
    await k.signUp("ada@example.com");
    const { session } = await startFlow();
    await submit("/members/sign-in", { session, email: "ada@example.com", password: PASSWORD });
    const logout = await k.post(
      "/_api/redirects-api/v1/redirect-session",
      { logout: { clientId: TEST_CLIENT_ID }, callbacks: { postFlowUrl: `${ORIGIN}/` } },
      { authorization: await k.token() },
    );
    const url = new URL(logout.json().redirectSession.fullUrl);
    const asked = await get(url.pathname + url.search);
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain("Do you want to sign out?");
    expect(cookies.has("member_session")).toBe(true);
    expect((await get("/members/account")).statusCode).toBe(200);
    // A post from another site has no token: still signed in.
    const forged = await submitRaw("/members/sign-out", {
      session: url.searchParams.get("session") ?? "",
    });
    expect(forged.statusCode).toBe(403);
    expect(cookies.has("member_session")).toBe(true);
    const confirmed = await submit("/members/sign-out", {
      csrf: hiddenValue(asked, "csrf"),
      session: hiddenValue(asked, "session"),
    });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(`${ORIGIN}/`);
    expect(cookies.has("member_session")).toBe(false);
  });

  test("logout CSRF: a navigation to GET /v1/logout without the member's token leaves them signed in", async () => {
    await k.signUp("ada@example.com");
    const { session } = await startFlow();
    await submit("/members/sign-in", { session, email: "ada@example.com", password: PASSWORD });
    const navigated = keepCookies(
      await k.app.inject({
        method: "GET",
        url: "/_api/iam/authentication/v1/logout?clientId=test-client",
        headers: {
          host: "store.test",
          cookie: cookieHeader(),
          "sec-fetch-site": "cross-site",
          "sec-fetch-mode": "navigate",
        },
      }),
    );
    expect(navigated.statusCode).toBe(200);
    expect(cookies.has("member_session")).toBe(true);
    expect((await get("/members/account")).statusCode).toBe(200);
  });

  test("login CSRF: another site's form with the attacker's credentials signs nobody in", async () => {
    await k.signUp("mallory@example.com");
    const { session } = await startFlow();
    const forged = await submitRaw("/members/sign-in", {
      session,
      email: "mallory@example.com",
      password: PASSWORD,
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain("did not come from this site");
    expect(cookies.has("member_session")).toBe(false);
  });

  test("a logout to a foreign page is refused when the session is created", async () => {
    const logout = await k.post(
      "/_api/redirects-api/v1/redirect-session",
      { logout: { clientId: TEST_CLIENT_ID }, callbacks: { postFlowUrl: "https://evil.example/" } },
      { authorization: await k.token() },
    );
    expect(logout.statusCode).toBe(400);
  });
});
