/**
 * Which flow a redirect session starts (auth, login or logout; checkouts are not ours), where a
 * logout may send the browser after, where a web_message code may be posted, and that a flow's
 * link works once. Each abuse is refused with its catalogued error and keeps no session.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import {
  CALLBACK,
  createMemberKit,
  type MemberKit,
  ORIGIN,
  PASSWORD,
  pkce,
} from "../../main/test-kit/identity-kit.ts";
import { createMemberBrowser } from "../../main/test-kit/member-browser.ts";
import { startSignInFlow } from "../../main/test-kit/member-signed-in.ts";
import { TEST_CLIENT_ID } from "../../main/test-kit/test-app.ts";

const URL_PATH = "/_api/redirects-api/v1/redirect-session";
const APP = "https://app.example";
const ADA = "ada@example.com";

let k: MemberKit;
let visitor = "";
beforeAll(async () => {
  k = await createMemberKit({ config: { publicUrl: ORIGIN, allowedRedirectUris: [`${APP}/*`] } });
  await k.signUp(ADA);
  visitor = await k.token();
});
afterAll(() => k.close());
// Limits are not what these tests are about.
beforeEach(() => {
  k.db.prepare("DELETE FROM rate_limits").run();
});

const redirectSessions = () => k.redirectSessionCount();

const create = (body: unknown, headers: Record<string, string> = {}) =>
  k.post(URL_PATH, body, { authorization: visitor, ...headers });

/** Opens a created session's page in a browser without a sign-in. */
async function open(created: { json: () => unknown }) {
  const { redirectSession } = created.json() as { redirectSession: { fullUrl: string } };
  const url = new URL(redirectSession.fullUrl);
  return createMemberBrowser(k).get(url.pathname + url.search);
}

describe("the intent a redirect session names", () => {
  test.each([
    ["login", { login: {} }],
    ["login, with auth and logout null", { auth: null, logout: null, login: {} }],
  ])("a %s intent opens the sign-in form", async (_name, body) => {
    const created = await create(body);
    expect(created.statusCode).toBe(200);
    const page = await open(created);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="password"');
    expect(page.body).not.toContain("You are signed out");
  });

  test.each([
    ["an empty body", {}],
    ["every intent null", { auth: null, login: null, logout: null, bookingsCheckout: null }],
  ])("%s is refused: one of auth, login or logout is required", async (_name, body) => {
    const before = redirectSessions();
    const refused = await create(body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: "invalid request",
      details: {
        validationError: {
          fieldViolations: [
            {
              field: "auth",
              description: "one of auth, login or logout is required",
              violatedRule: "REQUIRED_FIELD",
              data: {},
            },
          ],
        },
      },
    });
    expect(redirectSessions()).toBe(before);
  });

  test.each(["bookingsCheckout", "ecomOrderPaymentRequest"])(
    "a %s flow (a checkout the store does not run) is refused by name",
    async (intent) => {
      const before = redirectSessions();
      const refused = await create({ [intent]: { id: "x" } });
      expect(refused.statusCode).toBe(400);
      expect(codeOf(refused)).toBe("REDIRECT_INTENT_UNSUPPORTED");
      expect(refused.json().message).toBe(
        `Redirect sessions support auth, login and logout, not [${intent}]`,
      );
      expect(redirectSessions()).toBe(before);
    },
  );
});

describe("where a logout sends the browser", () => {
  test.each([
    ["no callbacks", {}],
    ["an empty postFlowUrl", { callbacks: { postFlowUrl: "" } }],
  ])("a logout with %s signs out to the store's own page", async (_name, extra) => {
    const created = await create({ logout: { clientId: TEST_CLIENT_ID }, ...extra });
    expect(created.statusCode).toBe(200);
    const page = await open(created);
    expect(page.statusCode).toBe(200);
    expect(page.headers.location).toBeUndefined();
    expect(page.body).toContain("You are signed out");
  });

  test("an open redirect through a logout to an attacker's page is refused, quoted at most 200 characters", async () => {
    const before = redirectSessions();
    for (const target of ["https://evil.example/", `https://evil.example/${"x".repeat(300)}`]) {
      const refused = await create({
        logout: { clientId: TEST_CLIENT_ID },
        callbacks: { postFlowUrl: target },
      });
      expect(refused.statusCode).toBe(400);
      expect(codeOf(refused)).toBe("REDIRECT_URI_NOT_ALLOWED");
      expect(refused.json().message).toBe(`Redirect URI [${target.slice(0, 200)}] is not allowed`);
    }
    expect(redirectSessions()).toBe(before);
  });
});

describe("a flow's link", () => {
  test("a sign-in link used once cannot be replayed for a second code", async () => {
    const browser = createMemberBrowser(k);
    const { path, session } = await startSignInFlow(k);
    const kept = redirectSessions();
    const done = await browser.submit("/members/sign-in", {
      session,
      email: ADA,
      password: PASSWORD,
    });
    expect(String(done.headers.location)).toMatch(new RegExp(`^${CALLBACK}#`));

    const replayed = await browser.get(path);

    expect(replayed.statusCode).toBe(400);
    expect(replayed.body).toContain("This sign-in link is invalid or has expired");
    expect(redirectSessions()).toBe(kept - 1);
  });
});

describe("where a web_message code is posted", () => {
  /** A signed-in browser's silent web_message flow begun by a page of `origin`. */
  async function silentFlowFrom(origin: string) {
    const browser = createMemberBrowser(k);
    await browser.signIn(ADA);
    const flow = pkce();
    const created = await create(
      {
        auth: {
          authRequest: {
            clientId: TEST_CLIENT_ID,
            codeChallenge: flow.challenge,
            responseMode: "web_message",
            state: flow.state,
          },
          prompt: "none",
        },
      },
      { origin },
    );
    expect(created.statusCode).toBe(200);
    const url = new URL(created.json().redirectSession.fullUrl);
    return browser.get(url.pathname + url.search);
  }

  test("an allowed application's page receives the code at its own origin", async () => {
    const page = await silentFlowFrom(APP);
    expect(page.body).toContain(`data-target-origin="${APP}"`);
    expect(page.body).toMatch(/data-code="[^"]+"/);
  });

  test("a page of an origin not allowed gets the code posted to the store's origin only", async () => {
    const page = await silentFlowFrom("https://evil.example");
    expect(page.body).toContain(`data-target-origin="${ORIGIN}"`);
    expect(page.body).not.toContain("evil.example");
  });
});
