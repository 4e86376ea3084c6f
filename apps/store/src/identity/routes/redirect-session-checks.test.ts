/**
 * The redirect session's auth request, one check at a time: each hostile request is valid but
 * for the one field under attack, so it is that check (and no earlier gate) that refuses it,
 * with its catalogued error, and no redirect session is kept.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import {
  CALLBACK,
  createMemberKit,
  type MemberKit,
  ORIGIN,
} from "../../main/test-kit/identity-kit.ts";
import { TEST_CLIENT_ID } from "../../main/test-kit/test-app.ts";

const URL_PATH = "/_api/redirects-api/v1/redirect-session";
const CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";
/** Marks a field the request leaves out. */
const ABSENT = Symbol("absent");

let k: MemberKit;
let visitor = "";
beforeAll(async () => {
  k = await createMemberKit();
  visitor = await k.token();
});
afterAll(() => k.close());
// Limits are not what these tests are about.
beforeEach(() => {
  k.db.prepare("DELETE FROM rate_limits").run();
});

const redirectSessions = () => k.redirectSessionCount();

/** A valid auth request with `changes` made (a field set to ABSENT is left out). */
function authBody(changes: Record<string, unknown> = {}, prompt: unknown = "login") {
  const authRequest: Record<string, unknown> = {
    clientId: TEST_CLIENT_ID,
    redirectUri: CALLBACK,
    codeChallenge: CHALLENGE,
    codeChallengeMethod: "S256",
    responseMode: "query",
    responseType: "code",
    state: "state-1",
  };
  for (const [field, value] of Object.entries(changes)) {
    if (value === ABSENT) delete authRequest[field];
    else authRequest[field] = value;
  }
  return { auth: { authRequest, ...(prompt === ABSENT ? {} : { prompt }) } };
}

const create = (body: unknown, headers: Record<string, string> = {}) =>
  k.post(URL_PATH, body, { authorization: visitor, ...headers });

/** Refused with exactly this one field violation, and nothing kept. */
async function expectOnlyViolation(
  body: unknown,
  field: string,
  description: string,
  violatedRule = "FORMAT",
) {
  const before = redirectSessions();
  const response = await create(body);
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    message: "invalid request",
    details: {
      validationError: { fieldViolations: [{ field, description, violatedRule, data: {} }] },
    },
  });
  expect(redirectSessions()).toBe(before);
}

async function expectRefused(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode).toBe(status);
  expect(codeOf(response)).toBe(code);
  return response.json().message as string;
}

describe("a valid auth request", () => {
  test("is kept and answered with the sign-in page's address (sessionToken empty)", async () => {
    const before = redirectSessions();
    const response = await create(authBody());
    expect(response.statusCode).toBe(200);
    const { id } = response.json().redirectSession as { id: string };
    const fullUrl = `${ORIGIN}/members/authorize?session=${encodeURIComponent(id)}`;
    expect(response.json()).toEqual({
      redirectSession: {
        id,
        fullUrl,
        urlDetails: { endpoint: `${ORIGIN}/members/authorize`, searchParams: { session: id } },
        sessionToken: "",
        shortUrl: fullUrl,
      },
    });
    expect(redirectSessions()).toBe(before + 1);
  });

  test("a state of exactly 512 characters is the longest accepted", async () => {
    expect((await create(authBody({ state: "s".repeat(512) }))).statusCode).toBe(200);
  });

  test("defaults fill what the SDK leaves out: fragment, code, S256, prompt login", async () => {
    const body = authBody(
      { responseMode: ABSENT, responseType: ABSENT, codeChallengeMethod: ABSENT },
      ABSENT,
    );
    expect((await create(body)).statusCode).toBe(200);
  });
});

describe("auth request checks, one field under attack", () => {
  const mode = ["responseMode", "must be fragment, query or web_message"] as const;
  test("a token leaked through form_post or another response mode is refused", async () => {
    await expectOnlyViolation(
      authBody({ responseMode: "form_post" }),
      `auth.authRequest.${mode[0]}`,
      mode[1],
    );
  });

  test("the implicit flow (responseType token) is refused: codes only", async () => {
    await expectOnlyViolation(
      authBody({ responseType: "token" }),
      "auth.authRequest.responseType",
      "must be code",
    );
  });

  test("a PKCE downgrade to the plain method is refused", async () => {
    await expectOnlyViolation(
      authBody({ codeChallengeMethod: "plain" }),
      "auth.authRequest.codeChallengeMethod",
      "must be S256",
    );
  });

  const challenge = "must be a 43-character base64url S256 challenge";
  test.each([
    ["left out", ABSENT],
    ["a plain verifier sent as the challenge", "short-verifier"],
    ["one character short", CHALLENGE.slice(1)],
    ["not base64url", `${CHALLENGE.slice(1)}+`],
  ])("a flow without a real PKCE challenge (%s) is refused", async (_name, value) => {
    await expectOnlyViolation(
      authBody({ codeChallenge: value }),
      "auth.authRequest.codeChallenge",
      challenge,
    );
  });

  const stateRule = "must be a string of 1 to 512 characters";
  test.each([
    ["left out (no CSRF protection for the client)", ABSENT],
    ["empty", ""],
    ["of 513 characters", "s".repeat(513)],
    ["an array", ["state-1"]],
    ["an object with a length", { length: 3 }],
  ])("a state %s is refused", async (_name, value) => {
    await expectOnlyViolation(authBody({ state: value }), "auth.authRequest.state", stateRule);
  });

  test.each([
    ["left out", ABSENT],
    ["empty", ""],
  ])("a request without a client id (%s) is refused", async (_name, value) => {
    await expectOnlyViolation(
      authBody({ clientId: value }),
      "auth.authRequest.clientId",
      "must be a non-empty string",
    );
  });

  test("a prompt other than login or none (consent, select_account) is refused", async () => {
    await expectOnlyViolation(
      authBody({}, "consent"),
      "auth.prompt",
      "must be login or none",
      "INVALID_ENUM_VALUE",
    );
  });

  test.each([
    ["empty", ""],
    ["a number", 42],
    ["of 513 characters", "t".repeat(513)],
  ])("a session token %s is refused before it is looked up", async (_name, value) => {
    await expectOnlyViolation(
      authBody({ sessionToken: value }),
      "auth.authRequest.sessionToken",
      "must be a string of 1 to 512 characters",
    );
  });

  test.each(["query", "fragment"])(
    "a %s flow without a redirect URI is refused (no code sent to a guessed address)",
    async (responseMode) => {
      await expectOnlyViolation(
        authBody({ responseMode, redirectUri: ABSENT }),
        "auth.authRequest.redirectUri",
        "is required unless responseMode is web_message",
      );
    },
  );
});

describe("who the flow is for and where its code goes", () => {
  test("another application's client id is refused as an unknown client", async () => {
    const before = redirectSessions();
    const response = await create(authBody({ clientId: "someone-else" }));
    expect(await expectRefused(response, 401, "INVALID_CLIENT")).toBe(
      "Unknown OAuth client id [someone-else]",
    );
    expect(redirectSessions()).toBe(before);
  });

  test("a code sent to an attacker's redirect URI is refused, the URI quoted at most 200 characters", async () => {
    const before = redirectSessions();
    const evil = "https://evil.example/cb";
    const refused = await create(authBody({ redirectUri: evil }));
    expect(await expectRefused(refused, 400, "REDIRECT_URI_NOT_ALLOWED")).toBe(
      `Redirect URI [${evil}] is not allowed`,
    );
    const long = `https://evil.example/${"x".repeat(300)}`;
    const longRefused = await create(authBody({ redirectUri: long }));
    expect(await expectRefused(longRefused, 400, "REDIRECT_URI_NOT_ALLOWED")).toBe(
      `Redirect URI [${long.slice(0, 200)}] is not allowed`,
    );
    expect(redirectSessions()).toBe(before);
  });
});
