/**
 * Member tokens (docs/protocol.md §6-§7): the authorization_code grant with PKCE behind a redirect
 * session and authorized_client with the API key. What the tokens then allow:
 * member-permission-level.test.ts.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";
import {
  CALLBACK,
  createRedirectSession,
  loginSessionToken,
  ORIGIN,
  pkce,
  REDIRECT_SESSION as SESSION,
  silentCode,
} from "../../main/test-kit/member-signed-in.ts";
import { TEST_CLIENT_ID } from "../../main/test-kit/test-app.ts";

let k: MemberKit;
beforeEach(async () => {
  k = await createMemberKit();
});
afterEach(() => k.close());

const sessionToken = (email: string) => loginSessionToken(k, email, PASSWORD);

/** A redirect session for `auth`, completed at once with a login session token. */
async function codeFor(email: string, overrides: Record<string, unknown> = {}) {
  const { flow, code, state, page } = await silentCode(k, {
    responseMode: "fragment",
    sessionToken: await sessionToken(email),
    authRequest: overrides,
  });
  return { flow, code, state, location: new URL(String(page.headers.location)) };
}

const exchange = (body: Record<string, unknown>) =>
  k.post("/oauth2/token", { clientId: TEST_CLIENT_ID, grantType: "authorization_code", ...body });

describe("redirect session", () => {
  test("answers fullUrl on the store's sign-in page with urlDetails", async () => {
    const { response } = await createRedirectSession(k);
    expect(response.statusCode).toBe(200);
    const { redirectSession } = response.json();
    expect(redirectSession.fullUrl).toMatch(/^http:\/\/store\.test\/members\/authorize\?session=/);
    expect(redirectSession.urlDetails).toEqual({
      endpoint: `${ORIGIN}/members/authorize`,
      searchParams: { session: redirectSession.id },
    });
  });

  test("a redirect URI on another origin is refused: no open redirect", async () => {
    const { response } = await createRedirectSession(k, {
      redirectUri: "https://evil.example/steal",
    });
    expect(response.statusCode).toBe(400);
    expect(codeOf(response)).toBe("REDIRECT_URI_NOT_ALLOWED");
  });

  test("a configured redirect URI on another origin is allowed", async () => {
    await k.close();
    k = await createMemberKit({
      config: { allowedRedirectUris: ["https://site.example/callback"] },
    });
    await k.signUp("ada@example.com");
    const { location, code } = await codeFor("ada@example.com", {
      redirectUri: "https://site.example/callback",
    });
    expect(location.origin).toBe("https://site.example");
    expect(code).not.toBe("");
  });

  test("a session created under a forged Host may not name that host as its redirect URI", async () => {
    await k.signUp("ada@example.com");
    const flow = pkce();
    const created = await k.app.inject({
      method: "POST",
      url: SESSION,
      headers: { host: "evil.example", authorization: await k.token() },
      payload: {
        auth: {
          authRequest: {
            clientId: TEST_CLIENT_ID,
            redirectUri: "http://evil.example/steal",
            codeChallenge: flow.challenge,
            state: flow.state,
            sessionToken: await sessionToken("ada@example.com"),
          },
          prompt: "none",
        },
      },
    });
    expect(codeOf(created)).toBe("REDIRECT_URI_NOT_ALLOWED");
    expect(created.body).not.toContain("fullUrl");
  });

  test("checkout intents are refused as unsupported", async () => {
    const response = await k.post(
      SESSION,
      { ecomCheckout: { checkoutId: "x" } },
      {
        authorization: await k.token(),
      },
    );
    expect(codeOf(response)).toBe("REDIRECT_INTENT_UNSUPPORTED");
  });

  test("one address cannot flood the store with redirect sessions", async () => {
    await k.close();
    k = await createMemberKit({ config: { redirectMaxPerAddress: 3 } });
    const token = await k.token();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => k.post(SESSION, { login: {} }, { authorization: token })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 429, 429]);
  });

  test("expired sessions and codes are swept as new sessions start", async () => {
    const token = await k.token();
    await k.post(SESSION, { login: {} }, { authorization: token });
    k.clock.ms += 31 * 60_000;
    await k.post(SESSION, { login: {} }, { authorization: token });
    expect(k.db.prepare("SELECT count(*) AS n FROM identity_tokens").get()).toEqual({ n: 1 });
  });

  test("without a token the call is 401", async () => {
    const response = await k.post(SESSION, { login: {} });
    expect(response.statusCode).toBe(401);
  });
});

describe("authorization_code grant", () => {
  beforeEach(() => k.signUp("ada@example.com"));

  test("the code and verifier give member tokens for the member", async () => {
    const { flow, code, state } = await codeFor("ada@example.com");
    expect(state).toBe(flow.state);
    const response = await exchange({ code, codeVerifier: flow.verifier, redirectUri: CALLBACK });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires_in: 14_400,
    });
  });

  test("a code works once: the second exchange is refused", async () => {
    const { flow, code } = await codeFor("ada@example.com");
    const body = { code, codeVerifier: flow.verifier, redirectUri: CALLBACK };
    const [first, second] = await Promise.all([exchange(body), exchange(body)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    expect(codeOf(first.statusCode === 400 ? first : second)).toBe("AUTHORIZATION_CODE_INVALID");
  });

  test("a wrong PKCE verifier is refused and burns the code", async () => {
    const { flow, code } = await codeFor("ada@example.com");
    const wrong = await exchange({ code, codeVerifier: pkce().verifier, redirectUri: CALLBACK });
    expect(codeOf(wrong)).toBe("AUTHORIZATION_CODE_INVALID");
    const right = await exchange({ code, codeVerifier: flow.verifier, redirectUri: CALLBACK });
    expect(right.statusCode).toBe(400);
  });

  test("a swapped redirect URI is refused", async () => {
    const { flow, code } = await codeFor("ada@example.com");
    const response = await exchange({
      code,
      codeVerifier: flow.verifier,
      redirectUri: `${ORIGIN}/other`,
    });
    expect(codeOf(response)).toBe("AUTHORIZATION_CODE_INVALID");
  });

  test("a code issued to one client is refused for another", async () => {
    const { flow, code } = await codeFor("ada@example.com");
    const response = await k.post("/oauth2/token", {
      clientId: "other-client",
      grantType: "authorization_code",
      code,
      codeVerifier: flow.verifier,
      redirectUri: CALLBACK,
    });
    expect(response.statusCode).toBe(401);
    expect(codeOf(response)).toBe("INVALID_CLIENT");
  });

  test("an expired code is refused", async () => {
    const { flow, code } = await codeFor("ada@example.com");
    k.clock.ms += 3 * 60_000;
    const response = await exchange({ code, codeVerifier: flow.verifier, redirectUri: CALLBACK });
    expect(codeOf(response)).toBe("AUTHORIZATION_CODE_INVALID");
  });

  test("a login session token works once", async () => {
    const token = await sessionToken("ada@example.com");
    const first = await codeFor("ada@example.com", { sessionToken: token });
    expect(first.code).not.toBe("");
    const second = await codeFor("ada@example.com", { sessionToken: token });
    expect(second.code).toBe("");
    expect(new URLSearchParams(second.location.hash.slice(1)).get("error")).toBe("login_required");
  });
});

describe("authorized_client grant", () => {
  test("the API key gets member tokens for a signed-on member's session", async () => {
    const auth = `${await k.token()},${k.apiKey}`;
    const signOn = await k.post(
      "/_api/iam/authentication/v2/sign-on",
      { loginId: { email: "m@example.com" }, verifyEmail: true },
      { authorization: auth },
    );
    const { sessionToken: token, identity } = signOn.json();
    expect(identity.email).toEqual({ address: "m@example.com", isVerified: true });
    const response = await k.post(
      "/oauth2/token",
      { grant_type: "authorized_client", member_id: identity.id, session_token: token },
      { authorization: auth },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().access_token).toEqual(expect.any(String));
  });

  test("without the API key the grant is refused", async () => {
    const id = await k.signUp("ada@example.com");
    const response = await k.post(
      "/oauth2/token",
      { grant_type: "authorized_client", scope: "offline_access", member_id: id },
      { authorization: await k.token() },
    );
    expect(response.statusCode).toBe(403);
    expect(codeOf(response)).toBe("IDENTITY_API_KEY_REQUIRED");
  });

  test("a session token of one member does not give another member's tokens", async () => {
    const adaId = await k.signUp("ada@example.com");
    await k.signUp("bob@example.com");
    const bobSession = await sessionToken("bob@example.com");
    const response = await k.post(
      "/oauth2/token",
      { grant_type: "authorized_client", member_id: adaId, session_token: bobSession },
      { authorization: `${await k.token()},${k.apiKey}` },
    );
    expect(codeOf(response)).toBe("IDENTITY_SESSION_TOKEN_INVALID");
  });
});
