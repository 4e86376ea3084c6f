/**
 * @module The member auth client's tests' store: visitor tokens issued on demand, the identity
 * paths answered by the test's route, and answers the tests share.
 */
import { memoryTokenStore, type Tokens } from "../auth/token-store.ts";
import { createMemberAuth } from "../members/member-auth.ts";
import {
  createFakeFetch,
  jsonResponse,
  type RecordedRequest,
  tokenResponse,
} from "./fake-fetch.ts";

export const START_MS = 1_700_000_000_500;
export const START_S = 1_700_000_000;

export type Route = (request: RecordedRequest) => Response | undefined;

/** A store that issues visitor tokens and answers the identity paths with `route`. */
export function setup(route: Route = () => undefined, tokens?: Tokens) {
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

export const path = (request: RecordedRequest) => new URL(request.url).pathname;
const grant = (request: RecordedRequest) =>
  path(request) === "/oauth2/token" ? (request.body as Record<string, string>) : undefined;
export const appError = (code: string, message: string, status = 400) =>
  jsonResponse(
    { message, details: { applicationError: { code, description: message, data: {} } } },
    { status },
  );
export const memberTokens = (request: RecordedRequest) => {
  const body = grant(request);
  const type = body?.grantType ?? body?.grant_type;
  return type === "authorization_code" || type === "authorized_client"
    ? tokenResponse("member-access", "member-refresh")
    : undefined;
};
export const redirectSession = (fullUrl: string) =>
  jsonResponse({
    redirectSession: {
      id: "rs-1",
      fullUrl,
      urlDetails: { endpoint: "https://store.test/_auth/authorize", searchParams: {} },
      sessionToken: "session-1",
    },
  });
