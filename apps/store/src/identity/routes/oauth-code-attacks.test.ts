/**
 * Attacks on the authorization_code grant (docs/protocol.md §7): a replayed, swapped, re-targeted
 * or outlived code, and a PKCE verifier that should not pass. Each request is valid but for the one
 * thing under attack, so the refusal's `data.reason` (ERRORS.md) names the check that refused, and
 * no token session is started.
 */
import { createHash, randomBytes } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createApp } from "../../main/app.ts";
import { createMemberKit, type MemberKit } from "../../main/test-kit/identity-kit.ts";
import { createMemberBrowser, type MemberBrowser } from "../../main/test-kit/member-browser.ts";
import { CALLBACK, ORIGIN, pkce, silentCode } from "../../main/test-kit/member-signed-in.ts";
import { TEST_CLIENT_ID, TEST_KEY } from "../../main/test-kit/test-app.ts";

const ADA = "ada@example.com";

let k: MemberKit;
let adaId: string;
let browser: MemberBrowser;
beforeEach(async () => {
  k = await createMemberKit();
  adaId = await k.signUp(ADA);
  browser = createMemberBrowser(k);
  await browser.signIn(ADA);
});
afterEach(() => k.close());

type Flow = { verifier: string; challenge: string };

/** A code for Ada's signed-in browser (prompt none), not yet exchanged. */
async function codeFor(
  mode: "query" | "web_message" = "query",
  flow: Flow = pkce(),
): Promise<{ flow: Flow; code: string }> {
  const { code } = await silentCode(k, {
    responseMode: mode,
    redirectUri: mode === "query" ? CALLBACK : null,
    flow: { ...flow, state: randomBytes(16).toString("base64url") },
    open: browser.get,
  });
  return { flow, code };
}

const exchange = (body: Record<string, unknown>) =>
  k.post("/oauth2/token", { clientId: TEST_CLIENT_ID, grantType: "authorization_code", ...body });

const tokenSessions = () =>
  (k.db.prepare("SELECT id FROM sessions WHERE channel = 'token'").all() as unknown[]).length;

function expectRefused(response: LightMyRequestResponse, reason: string) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({
    details: { applicationError: { code: "AUTHORIZATION_CODE_INVALID", data: { reason } } },
  });
  expect(response.body).not.toContain("access_token");
  expect(tokenSessions()).toBe(0);
}

describe("a stolen or replayed code", () => {
  test("a code replayed after its exchange is refused as used", async () => {
    const { flow, code } = await codeFor();
    const body = { code, codeVerifier: flow.verifier, redirectUri: CALLBACK };
    expect((await exchange(body)).statusCode).toBe(200);
    const replayed = await exchange(body);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toMatchObject({
      details: {
        applicationError: {
          code: "AUTHORIZATION_CODE_INVALID",
          data: { reason: "unknown, used or expired" },
        },
      },
    });
    expect(tokenSessions()).toBe(1);
  });

  test("a code issued to the client id the store had before a restart is refused", async () => {
    const { flow, code } = await codeFor();
    // The owner renames the client (CLIENT_ID) and restarts: codes of the old client are void.
    const restarted = createApp({
      db: k.db,
      config: { clientId: "renamed-client", signingKey: TEST_KEY },
      now: () => k.clock.ms,
      identity: { mailer: k.smtp.mailer, config: { publicUrl: ORIGIN } },
    });
    const response = await restarted.inject({
      method: "POST",
      url: "/oauth2/token",
      headers: { host: "store.test", "content-type": "application/json" },
      payload: JSON.stringify({
        clientId: "renamed-client",
        grantType: "authorization_code",
        code,
        codeVerifier: flow.verifier,
        redirectUri: CALLBACK,
      }),
    });
    expectRefused(response, "issued to another client");
    await restarted.close();
  });

  test("a code sent to another redirect URI than the one it was issued for is refused", async () => {
    const { flow, code } = await codeFor();
    const response = await exchange({
      code,
      codeVerifier: flow.verifier,
      redirectUri: `${ORIGIN}/elsewhere`,
    });
    expectRefused(response, "redirect URI does not match");
  });

  test("a web_message code presented with a redirect URI is refused", async () => {
    const { flow, code } = await codeFor("web_message");
    const response = await exchange({ code, codeVerifier: flow.verifier, redirectUri: CALLBACK });
    expectRefused(response, "redirect URI does not match");
  });

  test("a code of a member blocked since it was issued is refused", async () => {
    const { flow, code } = await codeFor();
    k.ownerActs(adaId, "block");
    const response = await exchange({ code, codeVerifier: flow.verifier, redirectUri: CALLBACK });
    expectRefused(response, "member is not active");
  });

  test("a code taken before the page's sign-out starts no session after it", async () => {
    const { flow, code } = await codeFor();
    await browser.submit("/members/sign-out", { csrf: await browser.csrf() });
    const response = await exchange({ code, codeVerifier: flow.verifier, redirectUri: CALLBACK });
    expectRefused(response, "the sign-in it came from has ended");
  });
});

describe("PKCE", () => {
  const PKCE_REASON = "code verifier does not match the challenge";

  test("a code stolen without its verifier is refused with another verifier", async () => {
    const { code } = await codeFor();
    const response = await exchange({
      code,
      codeVerifier: pkce().verifier,
      redirectUri: CALLBACK,
    });
    expectRefused(response, PKCE_REASON);
  });

  test("a guessable verifier (shorter than 43 characters) is refused even when it hashes to the challenge", async () => {
    const verifier = "a".repeat(42);
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const { code } = await codeFor("query", { verifier, challenge });
    const response = await exchange({ code, codeVerifier: verifier, redirectUri: CALLBACK });
    expectRefused(response, PKCE_REASON);
  });

  // RFC 7636 §4.1: 43 to 128 unreserved characters. Each hashes to its flow's challenge.
  test.each([
    ["longer than 128 characters", "a".repeat(129)],
    ["led by a character outside the set", `+${"a".repeat(50)}`],
    ["ended by a character outside the set", `${"a".repeat(50)}+`],
  ])("a verifier %s is refused even when it hashes to the challenge", async (_, verifier) => {
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const { code } = await codeFor("query", { verifier, challenge });
    const response = await exchange({ code, codeVerifier: verifier, redirectUri: CALLBACK });
    expectRefused(response, PKCE_REASON);
  });

  test("the right verifier wrapped in a list is refused, not hashed", async () => {
    const { flow, code } = await codeFor();
    const response = await exchange({
      code,
      codeVerifier: [flow.verifier],
      redirectUri: CALLBACK,
    });
    expectRefused(response, PKCE_REASON);
  });

  test("a code exchanged without any verifier is refused", async () => {
    const { code } = await codeFor();
    expectRefused(await exchange({ code, redirectUri: CALLBACK }), PKCE_REASON);
  });
});

describe("the fields of the exchange", () => {
  test("a web_message code is exchanged without a redirect URI, or with an empty one as a form sends it", async () => {
    const first = await codeFor("web_message");
    const omitted = await exchange({ code: first.code, codeVerifier: first.flow.verifier });
    expect(omitted.statusCode).toBe(200);
    const second = await codeFor("web_message");
    const empty = await exchange({
      code: second.code,
      codeVerifier: second.flow.verifier,
      redirectUri: "",
    });
    expect(empty.statusCode).toBe(200);
  });

  test("snake_case redirect_uri and code_verifier are read like the SDK's camelCase", async () => {
    const { flow, code } = await codeFor();
    const response = await exchange({
      code,
      code_verifier: flow.verifier,
      redirect_uri: CALLBACK,
    });
    expect(response.statusCode).toBe(200);
  });

  test("a code under an empty field name is not read as the code, and stays unused", async () => {
    const { flow, code } = await codeFor();
    const misnamed = await exchange({
      "": code,
      codeVerifier: flow.verifier,
      redirectUri: CALLBACK,
    });
    expect(misnamed.statusCode).toBe(400);
    expect(misnamed.json()).toMatchObject({
      details: {
        validationError: {
          fieldViolations: [
            {
              field: "code",
              description: "must be a non-empty string",
              violatedRule: "REQUIRED_FIELD",
            },
          ],
        },
      },
    });
    expect(tokenSessions()).toBe(0);
    const right = await exchange({ code, codeVerifier: flow.verifier, redirectUri: CALLBACK });
    expect(right.statusCode).toBe(200);
  });
});
