/**
 * @module A member signed in by the PKCE flow, as the SDK runs it: a redirect session is created
 * with a code challenge, the member signs in on its page (or is signed in already: prompt none
 * with a login's session token, or a browser's cookie), the page sends an authorization code to
 * the callback, and the code and verifier are exchanged for tokens. Each step is here once, for
 * the tests that check a step and for the kits that only want the member's tokens; and, over
 * HTTP, the member's sign-in on the page a client's flow opened (the conformance suite's).
 */
import { createHash, randomBytes } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
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

/** The fragment's parameters of a redirect that must go to the callback; throws otherwise. */
export function codeIn(response: LightMyRequestResponse) {
  const location = new URL(String(response.headers.location ?? "about:blank"));
  if (response.statusCode !== 303 || `${location.origin}${location.pathname}` !== CALLBACK) {
    throw new Error(
      `expected a 303 to ${CALLBACK}, got ${response.statusCode} ${response.headers.location}`,
    );
  }
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

/**
 * Over HTTP, as a browser without JavaScript: opens the store's sign-in page at `authUrl` (a
 * redirect session's URL, on `base`) and submits `email` and `password` with the page's session,
 * form token and cookie. Answers the redirect's Location (the callback with the code).
 */
export async function signInOnPageAt(
  base: string,
  authUrl: string,
  { email, password }: { email: string; password: string },
  fetchFn: typeof fetch = fetch,
): Promise<string> {
  const url = new URL(authUrl, base);
  const target = `${base}${url.pathname}${url.search}`;
  const page = await fetchFn(target);
  const html = await page.text();
  const session = /name="session" value="([^"]+)"/.exec(html)?.[1];
  if (!session) throw new Error(`no sign-in form at ${target}: ${html.slice(0, 200)}`);
  // The form's token and its cookie, as the browser keeps them (login CSRF defence).
  const formToken = /name="form_token" value="([^"]+)"/.exec(html)?.[1] ?? "";
  const cookie = (page.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const answer = await fetchFn(`${base}/members/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base, cookie },
    body: new URLSearchParams({ session, email, password, form_token: formToken }).toString(),
  });
  const location = answer.headers.get("location");
  if (answer.status !== 303 || !location) {
    throw new Error(`sign-in answered ${answer.status}: ${(await answer.text()).slice(0, 200)}`);
  }
  return location;
}
