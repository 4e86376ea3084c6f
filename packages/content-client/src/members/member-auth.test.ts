import { describe, expect, it } from "vitest";
import { memoryTokenStore, type Tokens } from "../auth/token-store.ts";
import { createContentClient } from "../client.ts";
import {
  createFakeFetch,
  jsonResponse,
  queryResponse,
  type RecordedRequest,
  tokenResponse,
} from "../test-helpers/fake-fetch.ts";
import { createMemberAuth } from "./member-auth.ts";
import { generateOAuthData } from "./pkce.ts";

const START_MS = 1_700_000_000_500;
const START_S = 1_700_000_000;

type Route = (request: RecordedRequest) => Response | undefined;

/** A store that issues visitor tokens and answers the identity paths with `route`. */
function setup(route: Route = () => undefined, tokens?: Tokens) {
  const store = memoryTokenStore();
  if (tokens) store.save(tokens);
  let issued = 0;
  const fake = createFakeFetch((request) => {
    const answer = route(request);
    if (answer) return answer;
    if (request.url.endsWith("/oauth2/token")) {
      issued += 1;
      return tokenResponse(`visitor-${issued}`, `visitor-refresh-${issued}`);
    }
    return jsonResponse({ message: "no route" }, { status: 404 });
  });
  const members = createMemberAuth({
    baseUrl: "https://store.test",
    clientId: "client-123",
    fetch: fake.fetch,
    tokenStore: store,
    now: () => START_MS,
  });
  return { members, store, requests: fake.requests, fetch: fake.fetch };
}

const path = (request: RecordedRequest) => new URL(request.url).pathname;
const grant = (request: RecordedRequest) =>
  path(request) === "/oauth2/token" ? (request.body as Record<string, string>) : undefined;
const appError = (code: string, message: string, status = 400) =>
  jsonResponse(
    { message, details: { applicationError: { code, description: message, data: {} } } },
    { status },
  );
const memberTokens = (request: RecordedRequest) => {
  const body = grant(request);
  const type = body?.grantType ?? body?.grant_type;
  return type === "authorization_code" || type === "authorized_client"
    ? tokenResponse("member-access", "member-refresh")
    : undefined;
};
const redirectSession = (fullUrl: string) =>
  jsonResponse({
    redirectSession: {
      id: "rs-1",
      fullUrl,
      urlDetails: { endpoint: "https://store.test/_auth/authorize", searchParams: {} },
      sessionToken: "session-1",
    },
  });

describe("getAuthUrl", () => {
  it("creates an auth redirect session with the PKCE challenge and the visitor token", async () => {
    const { members, requests } = setup((request) =>
      path(request) === "/_api/redirects-api/v1/redirect-session"
        ? redirectSession("https://store.test/_auth/authorize?session=rs-1")
        : undefined,
    );
    const data = generateOAuthData("https://site.test/callback");

    const result = await members.getAuthUrl(data);

    expect(result).toEqual({
      authUrl: "https://store.test/_auth/authorize?session=rs-1",
      authorizationEndpoint: "https://store.test/_auth/authorize",
      sessionToken: "session-1",
    });
    const sent = requests.at(-1);
    expect(sent?.headers.authorization).toBe("visitor-1");
    expect(sent?.body).toEqual({
      auth: {
        authRequest: {
          redirectUri: "https://site.test/callback",
          clientId: "client-123",
          codeChallenge: data.codeChallenge,
          codeChallengeMethod: "S256",
          responseMode: "fragment",
          responseType: "code",
          scope: "offline_access",
          state: data.state,
        },
        prompt: "login",
      },
    });
  });

  it("passes the response mode, prompt and session token it is given", async () => {
    const { members, requests } = setup((request) =>
      path(request).includes("redirect-session") ? redirectSession("https://x/") : undefined,
    );

    await members.getAuthUrl(generateOAuthData("https://site.test/cb"), {
      responseMode: "query",
      prompt: "none",
      sessionToken: "s-9",
    });

    expect(requests.at(-1)?.body).toMatchObject({
      auth: { authRequest: { responseMode: "query", sessionToken: "s-9" }, prompt: "none" },
    });
  });

  it("rejects an answer without urlDetails instead of returning an unusable URL", async () => {
    const { members } = setup((request) =>
      path(request).includes("redirect-session")
        ? jsonResponse({ redirectSession: { fullUrl: "https://x/" } })
        : undefined,
    );

    await expect(members.getAuthUrl(generateOAuthData("https://site.test/cb"))).rejects.toThrow(
      /redirectSession/,
    );
  });
});

describe("getMemberTokens", () => {
  const data = generateOAuthData("https://site.test/callback");

  it.each([
    ["code", null, data.state],
    ["state", "c1", ""],
  ])("refuses a callback without %s before any request", async (_missing, code, state) => {
    const { members, requests } = setup();

    await expect(members.getMemberTokens(code, state, data)).rejects.toThrow(
      "Missing code or _state",
    );
    expect(requests).toHaveLength(0);
  });

  it("refuses a state that is not the one issued before any request", async () => {
    const { members, requests } = setup();

    await expect(members.getMemberTokens("c1", "forged", data)).rejects.toThrow("Invalid _state");
    expect(requests).toHaveLength(0);
  });

  it("exchanges the code with its verifier and stores member tokens", async () => {
    const { members, store, requests } = setup(memberTokens);

    const tokens = await members.getMemberTokens("c1", data.state, data);

    expect(requests[0]?.body).toEqual({
      clientId: "client-123",
      grantType: "authorization_code",
      redirectUri: "https://site.test/callback",
      code: "c1",
      codeVerifier: data.codeVerifier,
    });
    expect(tokens).toEqual({
      accessToken: { value: "member-access", expiresAt: START_S + 14400 },
      refreshToken: { value: "member-refresh", role: "member" },
    });
    expect(store.get()).toEqual(tokens);
    expect(members.loggedIn()).toBe(true);
  });

  it("lets a content client sharing the token store read as the member", async () => {
    const { members, store, fetch, requests } = setup(
      (request) =>
        memberTokens(request) ??
        (path(request).endsWith("/items/query") ? queryResponse([]) : undefined),
    );
    const content = createContentClient({
      baseUrl: "https://store.test",
      fetch,
      tokenStore: store,
      now: () => START_MS,
    });

    await members.getMemberTokens("c1", data.state, data);
    await content.items.query({ dataCollectionId: "MembersOnly" });

    expect(requests.at(-1)?.headers.authorization).toBe("member-access");
    expect(content.auth.loggedIn()).toBe(true);
  });
});

describe("register and login", () => {
  it("sends register with the login id, profile and captcha tokens as the SDK does", async () => {
    const { members, requests } = setup((request) =>
      path(request).endsWith("/v2/register")
        ? jsonResponse({ state: "SUCCESS", sessionToken: "st-1", identity: { id: "m-1" } })
        : undefined,
    );

    const result = await members.register({
      email: "new@example.com",
      password: "pw-123456",
      profile: { nickname: "n" },
      captchaTokens: { recaptchaToken: "rc" },
    });

    expect(result).toEqual({ loginState: "SUCCESS", data: { sessionToken: "st-1" } });
    expect(requests.at(-1)?.body).toEqual({
      loginId: { email: "new@example.com" },
      password: "pw-123456",
      profile: { nickname: "n" },
      captchaTokens: [{ Recaptcha: "rc" }],
    });
  });

  it("answers a duplicate sign-up with emailAlreadyExists", async () => {
    const { members } = setup((request) =>
      path(request).endsWith("/v2/register")
        ? appError("-19995", "Email already exists", 409)
        : undefined,
    );

    await expect(members.register({ email: "a@b.c", password: "x" })).resolves.toMatchObject({
      loginState: "FAILURE",
      errorCode: "emailAlreadyExists",
    });
  });

  it("answers a wrong password with invalidPassword", async () => {
    const { members } = setup((request) =>
      path(request).endsWith("/v2/login") ? appError("-19976", "Wrong password", 401) : undefined,
    );

    await expect(members.login({ email: "a@b.c", password: "bad" })).resolves.toEqual({
      loginState: "FAILURE",
      error: "Wrong password",
      errorCode: "invalidPassword",
    });
  });

  it("rejects a login that gets no answer instead of calling it a wrong e-mail", async () => {
    const { members } = setup((request) => {
      if (path(request).endsWith("/v2/login")) throw new TypeError("fetch failed");
      return undefined;
    });

    await expect(members.login({ email: "a@b.c", password: "pw" })).rejects.toMatchObject({
      name: "NetworkError",
    });
  });
});

describe("processVerification", () => {
  const needsCode = (request: RecordedRequest) =>
    path(request).endsWith("/v2/register")
      ? jsonResponse({ state: "REQUIRE_EMAIL_VERIFICATION", stateToken: "state-7" })
      : path(request).endsWith("/v1/auth/verify")
        ? jsonResponse({ state: "SUCCESS", sessionToken: "st-2" })
        : undefined;

  it("sends the code with the state token of the last sign-up", async () => {
    const { members, requests } = setup(needsCode);

    const first = await members.register({ email: "a@b.c", password: "pw-123456" });
    const second = await members.processVerification({ verificationCode: "123456" });

    expect(first).toEqual({
      loginState: "EMAIL_VERIFICATION_REQUIRED",
      data: { stateToken: "state-7" },
    });
    expect(requests.at(-1)).toMatchObject({
      url: "https://store.test/_api/iam/verification/v1/auth/verify",
      body: { code: "123456", stateToken: "state-7" },
    });
    expect(second).toEqual({ loginState: "SUCCESS", data: { sessionToken: "st-2" } });
  });

  it("answers 'Unknown _state' without a pending verification and sends nothing", async () => {
    const { members, requests } = setup();

    await expect(members.processVerification({ code: "1" })).resolves.toEqual({
      loginState: "FAILURE",
      error: "Unknown _state",
    });
    expect(requests).toHaveLength(0);
  });

  it("throws the store's refusal of a wrong code, like the SDK", async () => {
    const { members } = setup(
      (request) =>
        (path(request).endsWith("/v1/auth/verify")
          ? appError("INVALID_CODE", "Wrong code")
          : undefined) ?? needsCode(request),
    );
    await members.register({ email: "a@b.c", password: "pw-123456" });

    await expect(members.processVerification({ code: "000000" })).rejects.toMatchObject({
      name: "HttpError",
      status: 400,
      code: "INVALID_CODE",
    });
  });
});

describe("verification started for an identity", () => {
  it("remembers the returned state token for processVerification", async () => {
    const { members, requests } = setup((request) =>
      path(request).endsWith("/v1/start")
        ? jsonResponse({ stateToken: "started-1" })
        : path(request).endsWith("/v1/auth/verify")
          ? jsonResponse({ state: "SUCCESS", sessionToken: "st-4" })
          : undefined,
    );

    await expect(members.startVerification("id-1")).resolves.toEqual({ stateToken: "started-1" });
    await members.processVerification({ code: "654321" });

    expect(requests.at(-2)?.body).toEqual({ identityId: "id-1", target: "EMAIL" });
    expect(requests.at(-1)?.body).toEqual({ code: "654321", stateToken: "started-1" });
  });
});

describe("activation e-mail", () => {
  it("sends the owner's API key beside the current token", async () => {
    const { members, requests } = setup((request) =>
      path(request).endsWith("/v1/activation-email") ? jsonResponse({}) : undefined,
    );

    await members.sendActivationEmail("id-2", "KEY", { language: "en" });

    expect(requests.at(-1)).toMatchObject({
      headers: { authorization: "visitor-1,KEY" },
      body: { identityId: "id-2", emailOptions: { language: "en" } },
    });
  });
});

describe("second factor", () => {
  it("posts the TOTP code with the state token to the factor's verify path", async () => {
    const { members, requests } = setup((request) =>
      path(request).endsWith("/v2/totp/verify")
        ? jsonResponse({ state: "SUCCESS", sessionToken: "st-3" })
        : undefined,
    );

    const result = await members.verifyFactor({
      factorType: "TOTP",
      stateToken: "mfa-1",
      code: "123456",
      rememberThisDevice: true,
    });

    expect(result).toEqual({ loginState: "SUCCESS", data: { sessionToken: "st-3" } });
    expect(requests.at(-1)?.body).toEqual({
      stateToken: "mfa-1",
      factorType: "TOTP",
      rememberThisDevice: true,
      totpData: { code: "123456" },
    });
  });
});

describe("recovery", () => {
  it("asks for a reset e-mail with the redirect URL and client id", async () => {
    const { members, requests } = setup((request) =>
      path(request).endsWith("/recovery/v1/send-email") ? jsonResponse({}) : undefined,
    );

    await members.sendPasswordResetEmail("member@example.com", "https://site.test/reset");

    expect(requests.at(-1)?.body).toEqual({
      email: "member@example.com",
      redirect: { url: "https://site.test/reset", clientId: "client-123" },
    });
  });
});

describe("external login with an API key", () => {
  it("sends the authorized_client grant in snake_case with token and key in Authorization", async () => {
    const { members, requests, store } = setup(memberTokens);

    await members.getMemberTokensForExternalLogin("m-1", "KEY");

    expect(requests.at(-1)).toMatchObject({
      headers: { authorization: "visitor-1,KEY" },
      body: { grant_type: "authorized_client", scope: "offline_access", member_id: "m-1" },
    });
    expect(store.get()?.refreshToken.role).toBe("member");
  });

  it("signs on by e-mail, then binds the tokens to the new session", async () => {
    const { members, requests } = setup(
      (request) =>
        memberTokens(request) ??
        (path(request).endsWith("/v2/sign-on")
          ? jsonResponse({ sessionToken: "S", identity: { id: "m-2" } })
          : undefined),
    );

    await members.getMemberTokensForExternalLoginWithSession("m@example.com", "KEY", {
      verifyEmail: true,
    });

    const [signOn, tokens] = requests.slice(-2);
    expect(signOn).toMatchObject({
      headers: { authorization: "visitor-1,KEY" },
      body: { loginId: { email: "m@example.com" }, verifyEmail: true },
    });
    expect(tokens?.body).toEqual({
      grant_type: "authorized_client",
      member_id: "m-2",
      session_token: "S",
    });
  });
});

describe("logout", () => {
  const member: Tokens = {
    accessToken: { value: "member-access", expiresAt: START_S + 60 },
    refreshToken: { value: "member-refresh", role: "member" },
  };

  it("creates a logout session with the member token, clears the tokens and returns its URL", async () => {
    const { members, requests } = setup(
      (request) =>
        path(request).includes("redirect-session")
          ? redirectSession("https://store.test/_auth/logout?s=1")
          : undefined,
      member,
    );

    await expect(members.logout("https://site.test/")).resolves.toEqual({
      logoutUrl: "https://store.test/_auth/logout?s=1",
    });
    expect(requests[0]).toMatchObject({
      headers: { authorization: "member-access" },
      body: {
        logout: { clientId: "client-123" },
        callbacks: { postFlowUrl: "https://site.test/" },
      },
    });
    expect(members.loggedIn()).toBe(false);
    expect(members.getTokens().refreshToken.role).toBe("none");
  });

  it("clears the local tokens even when the store cannot be reached", async () => {
    const { members } = setup(() => {
      throw new TypeError("fetch failed");
    }, member);

    await expect(members.logout("https://site.test/")).rejects.toMatchObject({
      name: "NetworkError",
    });
    expect(members.loggedIn()).toBe(false);
  });
});

describe("roles", () => {
  it("is not logged in as a visitor", async () => {
    const { members } = setup((request) =>
      path(request).endsWith("/v2/login") ? appError("-19976", "x") : undefined,
    );

    await members.login({ email: "a@b.c", password: "x" });

    expect(members.role()).toBe("visitor");
    expect(members.loggedIn()).toBe(false);
  });
});
