/**
 * @module A member signed in by the PKCE flow, as the SDK runs it: a redirect session is created
 * with a code challenge, the member signs in on its page (or is signed in already: prompt none
 * with a login's session token, or a browser's cookie), the page sends an authorization code to
 * the callback, and the code and verifier are exchanged for tokens. Each step is here once, for
 * the tests that check a step and for the kits that only want the member's tokens.
 */
import { createHash, randomBytes } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { TEST_CLIENT_ID } from "./test-app.ts";

/** The store's public origin in the member tests (PUBLIC_URL; requests carry Host store.test). */
export const ORIGIN = "http://store.test";
/** The redirect URI the flows send their codes to. */
export const CALLBACK = `${ORIGIN}/callback`;
export const REDIRECT_SESSION = "/_api/redirects-api/v1/redirect-session";
const LOGIN = "/_api/iam/authentication/v2/login";

export type Pkce = { verifier: string; challenge: string; state: string };
export type MemberTokens = { access_token: string; refresh_token: string };

/** A store the flow talks to: JSON posts (Host store.test), a page's GET, a visitor token. */
export type FlowStore = {
  post(
    url: string,
    payload: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  token(): Promise<string>;
  app: { inject(options: object): Promise<LightMyRequestResponse> };
};

/** A new verifier, its S256 challenge and a state. */
export function pkce(): Pkce {
  const verifier = randomBytes(48).toString("base64url").slice(0, 64);
  return {
    verifier,
    challenge: createHash("sha256").update(verifier).digest("base64url"),
    state: randomBytes(32).toString("base64url"),
  };
}

export type SignInFlowOptions = {
  /** fragment unless given (query, web_message...). */
  responseMode?: string;
  /** login unless given (none: the member must be signed in already). */
  prompt?: string;
  /** {@link CALLBACK} unless given; null: none named, as for web_message. */
  redirectUri?: string | null;
  /** A login's session token: the flow completes without a sign-in page. */
  sessionToken?: string;
  /** The flow's PKCE values; new ones unless given. */
  flow?: Pkce;
  /** More (or other) fields of the auth request. */
  authRequest?: Record<string, unknown>;
  /** More headers of the call (origin, host); the visitor token is sent unless replaced. */
  headers?: Record<string, string>;
};

/** The auth request of a flow, as the SDK sends it. */
export function authRequestOf(flow: Pkce, options: SignInFlowOptions = {}) {
  const redirectUri = options.redirectUri === undefined ? CALLBACK : options.redirectUri;
  return {
    clientId: TEST_CLIENT_ID,
    ...(redirectUri === null ? {} : { redirectUri }),
    codeChallenge: flow.challenge,
    codeChallengeMethod: "S256",
    responseMode: options.responseMode ?? "fragment",
    responseType: "code",
    scope: "offline_access",
    state: flow.state,
    ...(options.sessionToken === undefined ? {} : { sessionToken: options.sessionToken }),
    ...options.authRequest,
  };
}

/** POSTs the redirect session of a new flow: the store's answer and the flow. */
export async function createRedirectSession(k: FlowStore, options: SignInFlowOptions = {}) {
  const flow = options.flow ?? pkce();
  const response = await k.post(
    REDIRECT_SESSION,
    { auth: { authRequest: authRequestOf(flow, options), prompt: options.prompt ?? "login" } },
    { authorization: await k.token(), ...options.headers },
  );
  return { response, flow };
}

/** The path (with the session) of the sign-in page a redirect session answered. */
export function flowPathOf(response: LightMyRequestResponse): string {
  const fullUrl = new URL(
    (response.json() as { redirectSession: { fullUrl: string } }).redirectSession.fullUrl,
  );
  return fullUrl.pathname + fullUrl.search;
}

/** Creates the redirect session: its PKCE values, the sign-in page's path and the session id. */
export async function startSignInFlow(k: FlowStore, options: SignInFlowOptions = {}) {
  const { response, flow } = await createRedirectSession(k, options);
  const path = flowPathOf(response);
  return {
    flow,
    path,
    session: new URL(path, ORIGIN).searchParams.get("session") ?? "",
  };
}

/** The fragment's parameters of a redirect that must go to the callback. */
export function codeIn(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(303);
  const location = new URL(String(response.headers.location));
  expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
  return new URLSearchParams(location.hash.slice(1));
}

/** The parameters a flow's page delivered in `mode`: the redirect's query or fragment, or the page's code. */
export function deliveredBy(page: LightMyRequestResponse, mode: string): URLSearchParams {
  if (mode === "web_message") {
    const code = /data-code="([^"]+)"/.exec(page.body)?.[1];
    return new URLSearchParams(code === undefined ? {} : { code });
  }
  const location = new URL(String(page.headers.location));
  return mode === "query" ? location.searchParams : new URLSearchParams(location.hash.slice(1));
}

/** Exchanges a code and its verifier for tokens (the authorization_code grant). */
export function exchangeCode(
  k: FlowStore,
  code: string | null,
  flow: Pick<Pkce, "verifier">,
  redirectUri: string = CALLBACK,
): Promise<LightMyRequestResponse> {
  return k.post("/oauth2/token", {
    clientId: TEST_CLIENT_ID,
    grantType: "authorization_code",
    redirectUri,
    code,
    codeVerifier: flow.verifier,
  });
}

/** A login's session token (the password step of the member's sign-in). */
export async function loginSessionToken(k: FlowStore, email: string, password: string) {
  const login = await k.post(LOGIN, { loginId: { email }, password });
  return (login.json() as { sessionToken: string }).sessionToken;
}

/**
 * A flow completed without a sign-in page (prompt none): with a login's session token unless
 * `open` is a signed-in browser's GET. The code the page delivered ("" when none), not yet
 * exchanged.
 */
export async function silentCode(
  k: FlowStore,
  options: SignInFlowOptions & { open?: (path: string) => Promise<LightMyRequestResponse> } = {},
) {
  const responseMode = options.responseMode ?? "query";
  const { response, flow } = await createRedirectSession(k, {
    ...options,
    responseMode,
    prompt: "none",
  });
  const path = flowPathOf(response);
  const page = options.open
    ? await options.open(path)
    : await k.app.inject({ method: "GET", url: path, headers: { host: "store.test" } });
  const delivered = deliveredBy(page, responseMode);
  return { flow, code: delivered.get("code") ?? "", state: delivered.get("state"), page };
}

/** The tokens a silent flow's code gives; throws when the flow delivered no code. */
export async function tokensOf(
  k: FlowStore,
  { code, flow, page }: Awaited<ReturnType<typeof silentCode>>,
): Promise<MemberTokens> {
  if (code === "") {
    throw new Error(`no code: ${page.statusCode} ${page.headers.location ?? page.body}`);
  }
  return (await exchangeCode(k, code, flow)).json() as MemberTokens;
}

/** A member's tokens by the whole flow: the password's login, then a silent flow, then the exchange. */
export async function memberTokensByFlow(
  k: FlowStore,
  email: string,
  password: string,
): Promise<MemberTokens> {
  const sessionToken = await loginSessionToken(k, email, password);
  return tokensOf(k, await silentCode(k, { sessionToken }));
}
