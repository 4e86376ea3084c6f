/**
 * The member auth client's redirect side: the auth URL and its PKCE session, the code exchange,
 * external login with an API key, logout, and the role it reports.
 */
import { describe, expect, it } from "vitest";
import type { Tokens } from "../auth/token-store.ts";
import { createContentClient } from "../client.ts";
import { jsonResponse, queryResponse } from "../test-helpers/fake-fetch.ts";
import {
  appError,
  memberTokens,
  path,
  redirectSession,
  START_MS,
  START_S,
  setup,
} from "../test-helpers/member-auth-fixture.ts";
import { generateOAuthData } from "./pkce.ts";

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
