/** A member sign-in flow as the SDK starts it (a redirect session), and the code it ends with. */
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { CALLBACK, type MemberKit, ORIGIN, pkce } from "./identity-kit.ts";
import { TEST_CLIENT_ID } from "./test-app.ts";

export type SignInFlowOptions = {
  responseMode?: string;
  prompt?: string;
  /** null: none named, as for web_message. */
  redirectUri?: string | null;
};

/** Creates the redirect session: its PKCE values, the sign-in page's path and the session id. */
export async function startSignInFlow(k: MemberKit, options: SignInFlowOptions = {}) {
  const flow = pkce();
  const redirectUri = options.redirectUri === undefined ? CALLBACK : options.redirectUri;
  const response = await k.post(
    "/_api/redirects-api/v1/redirect-session",
    {
      auth: {
        authRequest: {
          clientId: TEST_CLIENT_ID,
          ...(redirectUri === null ? {} : { redirectUri }),
          codeChallenge: flow.challenge,
          codeChallengeMethod: "S256",
          responseMode: options.responseMode ?? "fragment",
          responseType: "code",
          scope: "offline_access",
          state: flow.state,
        },
        prompt: options.prompt ?? "login",
      },
    },
    { authorization: await k.token(), origin: ORIGIN },
  );
  const fullUrl = new URL(response.json().redirectSession.fullUrl);
  return {
    flow,
    path: fullUrl.pathname + fullUrl.search,
    session: fullUrl.searchParams.get("session") ?? "",
  };
}

/** The fragment's parameters of a redirect that must go to the callback. */
export function codeIn(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(303);
  const location = new URL(String(response.headers.location));
  expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
  return new URLSearchParams(location.hash.slice(1));
}
