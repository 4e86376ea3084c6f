/** A request as the fake fetch received it. */
export interface RecordedRequest {
  method: string;
  url: string;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  /** The JSON body parsed, or undefined when there was none. */
  body: unknown;
  signal: AbortSignal | undefined;
}

/** Answers one recorded request. */
export type Responder = (request: RecordedRequest) => Response | Promise<Response>;

/** A fetch function that records every request and answers with `responder`. */
export function createFakeFetch(responder: Responder) {
  const requests: RecordedRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const request: RecordedRequest = {
      method: init.method ?? "GET",
      url: String(input),
      headers,
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      signal: init.signal ?? undefined,
    };
    requests.push(request);
    return responder(request);
  };
  return { fetch, requests };
}

/** A JSON response; status 200 unless told otherwise. */
export function jsonResponse(
  body: unknown,
  init: { status?: number; statusText?: string; headers?: Record<string, string> } = {},
): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    statusText: init.statusText ?? "",
    headers: { "Content-Type": "application/json", ...init.headers },
  });
}

/** A token endpoint answer like the hosted one (docs/protocol.md §6.3). */
export function tokenResponse(
  accessToken: string,
  refreshToken = "refresh-1",
  expiresIn: number | string = 14400,
) {
  return jsonResponse({
    access_token: accessToken,
    refresh_token: refreshToken,
    expires_in: expiresIn,
    token_type: "Bearer",
  });
}

/** A query answer with the given data objects. */
export function queryResponse(data: Record<string, unknown>[]) {
  return jsonResponse({
    dataItems: data.map((item) => ({ id: item._id, dataCollectionId: "HomePage", data: item })),
    pagingMetadata: { count: data.length, offset: 0, tooManyToCount: false, hasNext: false },
  });
}

/**
 * A fake store: issues numbered access tokens (`access-1`, `access-2`, ...) at `/oauth2/token` and
 * answers every other path with `onData`.
 */
export function createFakeStore(onData: Responder = () => queryResponse([])) {
  let issued = 0;
  return createFakeFetch((request) => {
    if (request.url.endsWith("/oauth2/token")) {
      issued += 1;
      return tokenResponse(`access-${issued}`, `refresh-${issued}`);
    }
    return onData(request);
  });
}
