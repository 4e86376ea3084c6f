// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memoryTokenStore } from "../auth/token-store.ts";
import {
  createFakeFetch,
  jsonResponse,
  type RecordedRequest,
  tokenResponse,
} from "../test-helpers/fake-fetch.ts";
import { createMemberAuth } from "./member-auth.ts";

const AUTHORIZE_URL = "https://store.test/_auth/authorize?session=rs-1";

function setup() {
  const fake = createFakeFetch((request: RecordedRequest) => {
    if (request.url.endsWith("/redirect-session")) {
      return jsonResponse({
        redirectSession: {
          id: "rs-1",
          fullUrl: AUTHORIZE_URL,
          urlDetails: { endpoint: "https://store.test/_auth/authorize", searchParams: {} },
        },
      });
    }
    const body = request.body as { grantType?: string };
    return body.grantType === "authorization_code"
      ? tokenResponse("member-access", "member-refresh")
      : tokenResponse("visitor-access");
  });
  const members = createMemberAuth({
    baseUrl: "https://store.test",
    clientId: "client-123",
    fetch: fake.fetch,
    tokenStore: memoryTokenStore(),
  });
  return { members, requests: fake.requests };
}

const frames = () => document.querySelectorAll("iframe");
const sessionRequest = (requests: RecordedRequest[]) =>
  requests.find((request) => request.url.endsWith("/redirect-session"));
const authRequest = (requests: RecordedRequest[]) =>
  (
    sessionRequest(requests)?.body as
      | { auth?: { authRequest?: Record<string, unknown> } }
      | undefined
  )?.auth?.authRequest ?? {};
const issuedState = (requests: RecordedRequest[]) => String(authRequest(requests).state);

// Waits (without moving the fake clock, unlike vi.waitFor) until the hidden frame exists: the
// token and redirect-session calls come first.
async function frameLoaded() {
  for (let turn = 0; turn < 1000 && frames().length === 0; turn++) await Promise.resolve();
  expect(frames()).toHaveLength(1);
}

describe("getMemberTokensForDirectLogin", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  it("asks for a silent web_message session without redirect URI and loads it in a hidden frame", async () => {
    const { members, requests } = setup();

    const login = members.getMemberTokensForDirectLogin("session-token-1");
    login.catch(() => {});
    await frameLoaded();

    expect(sessionRequest(requests)?.body).toMatchObject({
      auth: {
        authRequest: { responseMode: "web_message", sessionToken: "session-token-1" },
        prompt: "none",
      },
    });
    expect(authRequest(requests)).not.toHaveProperty("redirectUri");
    const frame = frames()[0];
    expect(frame?.src).toBe(AUTHORIZE_URL);
    expect(frame?.style.display).toBe("none");
  });

  it("ignores messages with another state and exchanges the code of the matching one", async () => {
    const { members, requests } = setup();

    const login = members.getMemberTokensForDirectLogin("session-token-1");
    await frameLoaded();
    const state = issuedState(requests);
    window.dispatchEvent(new MessageEvent("message", { data: { code: "evil", state: "other" } }));
    window.dispatchEvent(new MessageEvent("message", { data: "not an object" }));
    window.dispatchEvent(new MessageEvent("message", { data: { code: "c-1", state } }));
    const tokens = await login;

    expect(tokens.refreshToken.role).toBe("member");
    expect(requests.at(-1)?.body).toMatchObject({ grantType: "authorization_code", code: "c-1" });
    expect(requests.at(-1)?.body).not.toHaveProperty("redirectUri");
    expect(members.loggedIn()).toBe(true);
    expect(frames()).toHaveLength(0);
  });

  it("times out with 'OAuth flow timed out' after 120000 ms and leaves no frame, timer or listener", async () => {
    const { members, requests } = setup();
    const removed = vi.spyOn(window, "removeEventListener");

    const login = members.getMemberTokensForDirectLogin("session-token-1");
    const outcome = login.catch((error: unknown) => error);
    await frameLoaded();
    await vi.advanceTimersByTimeAsync(119_999);
    expect(frames()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);

    await expect(outcome).resolves.toEqual(new Error("OAuth flow timed out"));
    expect(frames()).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
    expect(removed).toHaveBeenCalledWith("message", expect.any(Function));
    // A late answer after the time-out changes nothing.
    window.dispatchEvent(
      new MessageEvent("message", { data: { code: "late", state: issuedState(requests) } }),
    );
    expect(members.loggedIn()).toBe(false);
  });

  it("rejects with the sign-in page's OAuth error when there is no live session", async () => {
    const { members, requests } = setup();

    const login = members.getMemberTokensForDirectLogin("expired");
    const outcome = login.catch((error: unknown) => error);
    await frameLoaded();
    window.dispatchEvent(
      new MessageEvent("message", {
        data: {
          error: "login_required",
          error_description: "The member is not signed in",
          state: issuedState(requests),
        },
      }),
    );

    await expect(outcome).resolves.toMatchObject({
      name: "OAuthFlowError",
      code: "login_required",
      message: "login_required: The member is not signed in",
    });
    expect(frames()).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("sessions pre-warm", () => {
  afterEach(() => {
    localStorage.clear();
    document.body.replaceChildren();
  });

  function warmSetup(now: { ms: number }) {
    const fake = createFakeFetch((request) =>
      request.url.endsWith("/redirect-session")
        ? jsonResponse({
            redirectSession: {
              fullUrl: "about:blank",
              urlDetails: { endpoint: "about:blank", searchParams: {} },
            },
          })
        : tokenResponse("visitor"),
    );
    const members = createMemberAuth({
      baseUrl: "https://store.test",
      fetch: fake.fetch,
      tokenStore: memoryTokenStore(),
      now: () => now.ms,
    });
    return { members, requests: fake.requests };
  }

  async function finishFrameLoad() {
    await frameLoaded();
    frames()[0]?.dispatchEvent(new Event("load"));
  }

  it("loads a login session once and then counts as synced for 7 days", async () => {
    const now = { ms: 1_000_000 };
    const { members, requests } = warmSetup(now);

    expect(members.sessions.isSessionSynced()).toBe(false);
    const sync = members.sessions.syncToWixPages();
    await finishFrameLoad();
    await sync;

    expect(requests.at(-1)?.body).toEqual({ login: {} });
    expect(localStorage.getItem("wixRedirectSessionLastPreWarm")).toBe("1000000");
    now.ms += 604_800_000 - 1;
    expect(members.sessions.isSessionSynced()).toBe(true);
    now.ms += 1;
    expect(members.sessions.isSessionSynced()).toBe(false);
  });

  it("does nothing while synced unless forced", async () => {
    const now = { ms: 5_000 };
    localStorage.setItem("wixRedirectSessionLastPreWarm", "4000");
    const { members, requests } = warmSetup(now);

    await members.sessions.syncToWixPages();
    expect(requests).toHaveLength(0);

    const forced = members.sessions.syncToWixPages({ force: true });
    await finishFrameLoad();
    await forced;
    expect(requests.some((request) => request.url.endsWith("/redirect-session"))).toBe(true);
  });

  it("logs and swallows a failed pre-warm, leaving it unsynced", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const members = createMemberAuth({
      baseUrl: "https://store.test",
      fetch: createFakeFetch(() => jsonResponse({}, { status: 500 })).fetch,
      tokenStore: memoryTokenStore(),
    });

    await expect(members.sessions.syncToWixPages()).resolves.toBeUndefined();

    expect(logged).toHaveBeenCalledWith(
      "Error during redirect session pre-warm:",
      expect.anything(),
    );
    expect(members.sessions.isSessionSynced()).toBe(false);
    logged.mockRestore();
  });
});
