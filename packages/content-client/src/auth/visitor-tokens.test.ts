import { describe, expect, it } from "vitest";
import { createContentClient } from "../client.ts";
import { HttpError } from "../errors.ts";
import {
  createFakeFetch,
  createFakeStore,
  jsonResponse,
  queryResponse,
  tokenResponse,
} from "../test-helpers/fake-fetch.ts";
import { createFakeStorage } from "../test-helpers/fake-storage.ts";
import { localStorageTokenStore, memoryTokenStore, TokenRole, type Tokens } from "./token-store.ts";

const START_MS = 1_700_000_000_500;
const START_S = 1_700_000_000;

function setup(options: { tokens?: Tokens; fetch?: ReturnType<typeof createFakeFetch> } = {}) {
  const clock = { ms: START_MS };
  const store = memoryTokenStore();
  if (options.tokens) store.save(options.tokens);
  const fake = options.fetch ?? createFakeStore();
  const client = createContentClient({
    baseUrl: "https://api.test",
    clientId: "client-123",
    fetch: fake.fetch,
    tokenStore: store,
    now: () => clock.ms,
  });
  return { client, store, clock, requests: fake.requests };
}

const tokenCalls = <T extends { url: string }>(requests: T[]) =>
  requests.filter((request) => request.url.endsWith("/oauth2/token"));

describe("first use", () => {
  it("requests an anonymous token with the client id", async () => {
    const { client, requests } = setup();

    await expect(client.auth.getAccessToken()).resolves.toBe("access-1");

    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: "POST",
      url: "https://api.test/oauth2/token",
      headers: { "content-type": "application/json" },
      body: { clientId: "client-123", grantType: "anonymous" },
    });
    expect(requests[0]?.headers.authorization).toBeUndefined();
  });

  it("stores the tokens as a visitor with expiresAt in unix seconds", async () => {
    const fake = createFakeFetch(() => tokenResponse("a", "r", "14400"));
    const { client, store } = setup({ fetch: fake });

    await client.auth.getAccessToken();

    expect(store.get()).toEqual({
      accessToken: { value: "a", expiresAt: START_S + 14400 },
      refreshToken: { value: "r", role: "visitor" },
    });
  });

  it("sends the raw access token as Authorization on a query", async () => {
    const { client, requests } = setup();

    await client.items.query({ dataCollectionId: "HomePage" });

    expect(requests.map((request) => request.url)).toEqual([
      "https://api.test/oauth2/token",
      "https://api.test/wix-data/v2/items/query",
    ]);
    expect(requests[1]?.headers.authorization).toBe("access-1");
  });
});

describe("reuse and refresh", () => {
  const stored: Tokens = {
    accessToken: { value: "old", expiresAt: START_S + 60 },
    refreshToken: { value: "JWS.refresh-old", role: "visitor" },
  };

  it("reuses the stored token until its expiry second has passed", async () => {
    const { client, clock, requests } = setup({ tokens: stored });

    clock.ms = (START_S + 60) * 1000 + 999;
    await expect(client.auth.getAccessToken()).resolves.toBe("old");
    expect(requests).toHaveLength(0);
  });

  it("refreshes with the refresh token once the access token has expired", async () => {
    const { client, clock, requests } = setup({ tokens: stored });

    clock.ms = (START_S + 61) * 1000;
    await expect(client.auth.getAccessToken()).resolves.toBe("access-1");
    expect(requests[0]?.body).toEqual({
      clientId: "client-123",
      refreshToken: "JWS.refresh-old",
      grantType: "refresh_token",
    });
  });

  it("keeps the rotated refresh token and the stored role after a refresh", async () => {
    const { client, clock, store } = setup({
      tokens: { ...stored, refreshToken: { value: "m", role: "member" } },
    });

    clock.ms = (START_S + 61) * 1000;
    await client.auth.getAccessToken();

    expect(store.get()).toEqual({
      accessToken: { value: "access-1", expiresAt: START_S + 61 + 14400 },
      refreshToken: { value: "refresh-1", role: "member" },
    });
  });

  it("presents the newest refresh token on the next refresh, never the first one again", async () => {
    const { client, clock, requests } = setup({
      tokens: { ...stored, refreshToken: { value: "m", role: "member" } },
    });

    clock.ms = (START_S + 61) * 1000;
    await client.auth.getAccessToken();
    clock.ms += 14_402 * 1000;
    await client.auth.getAccessToken();

    expect(tokenCalls(requests).map((request) => request.body)).toEqual([
      { clientId: "client-123", refreshToken: "m", grantType: "refresh_token" },
      { clientId: "client-123", refreshToken: "refresh-1", grantType: "refresh_token" },
    ]);
    expect(client.auth.loggedIn()).toBe(true);
  });

  it("keeps the stored refresh token when the refresh answer carries none", async () => {
    const fake = createFakeFetch(() => jsonResponse({ access_token: "a2", expires_in: 14400 }));
    const { client, clock, store } = setup({ tokens: stored, fetch: fake });

    clock.ms = (START_S + 61) * 1000;
    await client.auth.getAccessToken();

    expect(store.get()?.refreshToken).toEqual(stored.refreshToken);
  });

  it("refreshes when the access token is missing but a refresh token exists", async () => {
    const { client, requests } = setup({
      tokens: { ...stored, accessToken: { value: "", expiresAt: 0 } },
    });

    await client.auth.getAccessToken();

    expect(requests[0]?.body).toMatchObject({ grantType: "refresh_token" });
  });

  it("falls back to an anonymous token when the refresh is refused", async () => {
    const fake = createFakeFetch((request) =>
      (request.body as { grantType: string }).grantType === "refresh_token"
        ? jsonResponse({ message: "invalid refresh token" }, { status: 400 })
        : tokenResponse("anon", "anon-refresh"),
    );
    const { client, clock, store, requests } = setup({ tokens: stored, fetch: fake });

    clock.ms = (START_S + 61) * 1000;
    await expect(client.auth.getAccessToken()).resolves.toBe("anon");

    expect(requests.map((request) => (request.body as { grantType: string }).grantType)).toEqual([
      "refresh_token",
      "anonymous",
    ]);
    expect(store.get()?.refreshToken).toEqual({ value: "anon-refresh", role: "visitor" });
  });

  it("falls back to an anonymous token when the refresh request cannot be sent", async () => {
    let calls = 0;
    const fake = createFakeFetch(() => {
      calls += 1;
      if (calls === 1) throw new TypeError("fetch failed");
      return tokenResponse("anon");
    });
    const { client, clock } = setup({ tokens: stored, fetch: fake });

    clock.ms = (START_S + 61) * 1000;
    await expect(client.auth.getAccessToken()).resolves.toBe("anon");
  });
});

describe("concurrency", () => {
  it("shares one token request between concurrent callers", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fake = createFakeFetch(async (request) => {
      if (!request.url.endsWith("/oauth2/token")) return queryResponse([]);
      await gate;
      return tokenResponse("shared");
    });
    const { client, requests } = setup({ fetch: fake });

    const calls = [
      client.items.query({ dataCollectionId: "HomePage" }),
      client.items.query({ dataCollectionId: "About" }),
      client.auth.getAccessToken(),
    ];
    release();
    await Promise.all(calls);

    expect(tokenCalls(requests)).toHaveLength(1);
    expect(requests.filter((r) => r.headers.authorization === "shared")).toHaveLength(2);
  });

  it("starts a new token request after a failed one instead of repeating the failure", async () => {
    let calls = 0;
    const fake = createFakeFetch(() => {
      calls += 1;
      return calls === 1 ? jsonResponse({}, { status: 503 }) : tokenResponse("second");
    });
    const { client } = setup({ fetch: fake });

    await expect(client.auth.getAccessToken()).rejects.toThrow(HttpError);
    await expect(client.auth.getAccessToken()).resolves.toBe("second");
  });
});

describe("anonymous grant failure", () => {
  it("throws an HttpError mapped by the error rules", async () => {
    const fake = createFakeFetch(() =>
      jsonResponse({}, { status: 500, headers: { "X-Wix-Request-Id": "req-9" } }),
    );
    const { client } = setup({ fetch: fake });

    const error = await client.auth.getAccessToken().catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 500,
      code: "SERVER",
      message: "System error occurred, request-id: req-9",
      request: { method: "POST", url: "https://api.test/oauth2/token" },
    });
  });

  it("rejects a 200 token answer without access_token, naming no token value", async () => {
    const fake = createFakeFetch(() => jsonResponse({ refresh_token: "secret", expires_in: 1 }));
    const { client } = setup({ fetch: fake });

    const error = await client.auth.getAccessToken().catch((caught: unknown) => caught);

    expect(error).toMatchObject({
      name: "ResponseShapeError",
      data: ["refresh_token", "expires_in"],
    });
    expect(String((error as Error).message)).not.toContain("secret");
  });
});

describe("rejected token", () => {
  it("gets a new token and retries once when a query answers 401", async () => {
    let queries = 0;
    const fake = createFakeStore(() => {
      queries += 1;
      return queries === 1
        ? jsonResponse({}, { status: 401, statusText: "Unauthorized" })
        : queryResponse([]);
    });
    const tokens: Tokens = {
      accessToken: { value: "from-old-key", expiresAt: START_S + 3600 },
      refreshToken: { value: "old-refresh", role: "visitor" },
    };
    const { client, requests } = setup({ tokens, fetch: fake });

    await client.items.query({ dataCollectionId: "HomePage" });

    expect(requests.map((request) => request.headers.authorization ?? request.body)).toEqual([
      "from-old-key",
      { clientId: "client-123", refreshToken: "old-refresh", grantType: "refresh_token" },
      "access-1",
    ]);
  });

  it("throws the second 401 instead of retrying again", async () => {
    const fake = createFakeStore(() =>
      jsonResponse({}, { status: 401, statusText: "Unauthorized" }),
    );
    const { client, requests } = setup({ fetch: fake });

    await expect(client.items.query({ dataCollectionId: "HomePage" })).rejects.toMatchObject({
      status: 401,
      code: "UNAUTHORIZED",
    });
    expect(requests.filter((request) => request.url.endsWith("/items/query"))).toHaveLength(2);
  });
});

describe("reload", () => {
  it("reuses the token saved in localStorage by the previous page load", async () => {
    const { storage } = createFakeStorage();
    const first = createFakeStore();
    const options = { baseUrl: "https://api.test", now: () => START_MS };
    await createContentClient({
      ...options,
      fetch: first.fetch,
      tokenStore: localStorageTokenStore(undefined, storage),
    }).items.query({ dataCollectionId: "HomePage" });

    const second = createFakeStore();
    const reloaded = createContentClient({
      ...options,
      fetch: second.fetch,
      tokenStore: localStorageTokenStore(undefined, storage),
    });
    await reloaded.items.query({ dataCollectionId: "HomePage" });

    expect(tokenCalls(second.requests)).toHaveLength(0);
    expect(second.requests[0]?.headers.authorization).toBe("access-1");
    expect(reloaded.auth.role()).toBe(TokenRole.VISITOR);
  });
});

describe("roles", () => {
  it("reports role none and not logged in before any token exists", () => {
    const { client } = setup();

    expect(client.auth.role()).toBe(TokenRole.NONE);
    expect(client.auth.loggedIn()).toBe(false);
  });

  it("reports a visitor after the anonymous grant, who is not logged in", async () => {
    const { client } = setup();

    await client.auth.getAccessToken();

    expect(client.auth.role()).toBe(TokenRole.VISITOR);
    expect(client.auth.loggedIn()).toBe(false);
  });

  it("reports a member as logged in", () => {
    const { client } = setup({
      tokens: {
        accessToken: { value: "m", expiresAt: START_S + 60 },
        refreshToken: { value: "mr", role: "member" },
      },
    });

    expect(client.auth.role()).toBe(TokenRole.MEMBER);
    expect(client.auth.loggedIn()).toBe(true);
  });

  it("logout clears the tokens so the next call starts with an anonymous grant", async () => {
    const { client, store, requests } = setup({
      tokens: {
        accessToken: { value: "m", expiresAt: START_S + 60 },
        refreshToken: { value: "mr", role: "member" },
      },
    });

    client.auth.logout();

    expect(store.get()).toBeNull();
    expect(client.auth.loggedIn()).toBe(false);
    await client.auth.getAccessToken();
    expect(requests[0]?.body).toMatchObject({ grantType: "anonymous" });
  });

  it("logout during a token request keeps the tokens cleared", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fake = createFakeFetch(async () => {
      await gate;
      return tokenResponse("late");
    });
    const { client, store } = setup({ fetch: fake });

    const inFlight = client.auth.getAccessToken();
    client.auth.logout();
    release();
    await inFlight;

    expect(store.get()).toBeNull();
    expect(client.auth.role()).toBe(TokenRole.NONE);
  });
});
