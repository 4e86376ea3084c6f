/**
 * Members: every identity endpoint, fed bad input, answers a 4xx in the protocol's
 * shape (the sign-in pages a 4xx page) and changes nothing: no identity, token or mail is made.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { violatedFields } from "../../main/test-kit/api.ts";
import { reasonOf } from "../../main/test-kit/hostile-data-app.ts";
import {
  goodPassword,
  IDENTITY_ENDPOINTS,
  type IdEndpoint,
  idCases,
  JUNK,
} from "../../main/test-kit/identity-hostile-cases.ts";
import { createTestApp, type TestApp } from "../../main/test-kit/test-app.ts";
import type { ErrorCode } from "../../platform/errors.ts";

describe("hostile input on the identity endpoints", () => {
  let m: TestApp;
  let memberId = "";
  let memberToken = "";
  /** Each table with its primary key, an order both engines keep. */
  const IDENTITY_TABLES = [
    ["identities", "id"],
    ["identity_tokens", "token_hash"],
    ["identity_recovery_codes", "identity_id, code_hash"],
    ["mail_outbox", "id"],
  ];
  const identitySnapshot = () =>
    IDENTITY_TABLES.map(([table, key]) =>
      m.db.prepare(`SELECT * FROM ${table} ORDER BY ${key}`).all(),
    );
  let identityBefore: unknown;

  beforeAll(async () => {
    m = createTestApp({ identity: { config: { requireEmailVerification: false } } });
    const registered = await m.app.inject({
      method: "POST",
      url: "/_api/iam/authentication/v2/register",
      payload: { loginId: { email: "member@example.com" }, password: "a good password" },
    });
    memberId = registered.json().identity.id;
    const login = await m.app.inject({
      method: "POST",
      url: "/_api/iam/authentication/v2/login",
      payload: { loginId: { email: "member@example.com" }, password: "a good password" },
    });
    const tokens = await m.app.inject({
      method: "POST",
      url: "/oauth2/token",
      headers: { authorization: m.apiKey },
      payload: {
        grant_type: "authorized_client",
        member_id: memberId,
        session_token: login.json().sessionToken,
      },
    });
    memberToken = tokens.json().access_token;
    expect(memberToken).toEqual(expect.any(String));
    // Limits are not what this sweep is about: clear the attempts the setup made.
    identityBefore = identitySnapshot();
  });
  afterAll(() => m.app.close());

  async function tokenFor(endpoint: IdEndpoint) {
    if (endpoint.auth === "member") return memberToken;
    const visitor = (
      await m.app.inject({
        method: "POST",
        url: "/oauth2/token",
        payload: { clientId: "test-client", grantType: "anonymous" },
      })
    ).json().access_token as string;
    return endpoint.auth === "key" ? `${visitor},${m.apiKey}` : visitor;
  }

  function expectIdentityRefused(
    response: { statusCode: number; json: () => unknown },
    code?: ErrorCode,
  ) {
    if (code !== undefined) expect(reasonOf(response)).toBe(code);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    const body = response.json() as { message?: unknown; details?: Record<string, unknown> };
    expect(String(body.message ?? "").length).toBeGreaterThan(0);
    expect(Object.keys(body.details ?? {})).toHaveLength(1);
    expect(identitySnapshot()).toEqual(identityBefore);
  }

  test("covers every identity endpoint with many cases", () => {
    expect(idCases.length).toBeGreaterThan(300);
  });

  test.each(idCases)(
    "$endpoint.name: $name -> $code, nothing changed",
    async ({ endpoint, payload, code }) => {
      // Limits are not what this sweep is about: no case may be refused for the ones before it.
      m.db.prepare("DELETE FROM rate_limits").run();
      const response = await m.app.inject({
        method: "POST",
        url: endpoint.url,
        headers: { authorization: await tokenFor(endpoint), "content-type": "application/json" },
        payload,
      });
      expect(reasonOf(response)).toBe(code);
      expectIdentityRefused(response);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );

  test.each(IDENTITY_ENDPOINTS)("$name: a body over 1 MiB is 413", async (endpoint) => {
    const response = await m.app.inject({
      method: "POST",
      url: endpoint.url,
      headers: { authorization: await tokenFor(endpoint), "content-type": "application/json" },
      payload: JSON.stringify({ ...endpoint.base, pad: "x".repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expectIdentityRefused(response, "PAYLOAD_TOO_LARGE");
  });

  test("a member's change-password with junk is refused by the password rules", async () => {
    for (const value of JUNK.filter((junk) => !goodPassword(junk))) {
      const response = await m.app.inject({
        method: "POST",
        url: "/_api/iam/authentication/v2/change-password",
        headers: { authorization: memberToken },
        payload: { newPassword: value },
      });
      expect(violatedFields(response)).toEqual(["newPassword"]);
      expectIdentityRefused(response);
    }
  });

  const LOGOUTS = [
    "?postLogoutRedirectUri=https%3A%2F%2Fevil.example%2F",
    "?postLogoutRedirectUri=javascript%3Aalert(1)",
    "?postLogoutRedirectUri=%2F%2Fevil.example",
    "?clientId=someone-else",
    "?postLogoutRedirectUri=a&postLogoutRedirectUri=b",
  ];
  test.each(LOGOUTS)("logout %s -> 4xx", async (query) => {
    const response = await m.app.inject({
      method: "GET",
      url: `/_api/iam/authentication/v1/logout${query}`,
    });
    expectIdentityRefused(
      response,
      query.startsWith("?clientId") ? "INVALID_CLIENT" : "REDIRECT_URI_NOT_ALLOWED",
    );
  });

  const PAGE_POSTS = [
    "/members/sign-in",
    "/members/sign-up",
    "/members/verify-email",
    "/members/resend-code",
    "/members/second-factor",
    "/members/forgot-password",
    "/members/reset-password",
    "/members/continue",
  ];
  const FORMS = [
    "",
    "session=x&email=%00&password=",
    "email=a&email=b&password=x&password=y",
    `email=${"x".repeat(5000)}`,
    "stateToken=st&code=%3Cscript%3E",
    "token=forged&password=a%20good%20password",
    "%%%",
  ];
  const pageCases = PAGE_POSTS.flatMap((url) => FORMS.map((form) => ({ url, form })));

  test.each(pageCases)(
    "page POST $url with $form: no 5xx, no script echoed, nothing changed",
    async ({ url, form }) => {
      const response = await m.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: form,
      });
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body).not.toContain("<script>alert");
      expect(response.headers.location ?? "").not.toMatch(/^https?:\/\/(?!localhost)/);
      expect(identitySnapshot()).toEqual(identityBefore);
    },
  );

  const PAGE_GETS = [
    "/members/authorize",
    "/members/authorize?session=",
    "/members/authorize?session=x&session=y",
    `/members/authorize?session=${"x".repeat(5000)}`,
    "/members/reset-password?token=forged",
    "/members/reset-password",
  ];
  test.each(PAGE_GETS)("GET %s -> an error page, no redirect", async (url) => {
    const response = await m.app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
    expect(identitySnapshot()).toEqual(identityBefore);
  });
});
