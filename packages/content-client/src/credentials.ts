import type { VisitorTokens } from "./auth/visitor-tokens.ts";
import { isHttpError } from "./errors.ts";
import type { JsonRequest, JsonResponse, SendJson } from "./request.ts";

/** Where the `Authorization` header of data and GraphQL calls comes from. */
export interface Credentials {
  /** Resolves with the headers that authorize one call. */
  headers(): Promise<Record<string, string>>;
  /** Told that the store answered 401 to `headers`; returns whether fresh headers are worth one retry. */
  rejected(headers: Record<string, string>): boolean;
}

/** Visitor (or member) tokens: `Authorization: <access token>`, renewed through the token lifecycle. */
export function tokenCredentials(tokens: VisitorTokens): Credentials {
  return {
    async headers() {
      return { Authorization: await tokens.getAccessToken() };
    },
    rejected(headers) {
      // A store can reject a token our clock still deems valid (revoked, or signed with a rotated
      // key): forget it so the retry gets a new one instead of failing until it expires.
      const token = headers.Authorization;
      if (token !== undefined) tokens.invalidate(token);
      return true;
    },
  };
}

/**
 * An API key, sent as the raw `Authorization` value like the SDK's `ApiKeyStrategy` (plus
 * `wix-site-id` when a site id is given); no token calls are ever made.
 */
export function apiKeyCredentials(apiKey: string, siteId?: string): Credentials {
  const headers: Record<string, string> = { Authorization: apiKey };
  if (siteId !== undefined) headers["wix-site-id"] = siteId;
  return {
    headers: async () => ({ ...headers }),
    // A refused key stays refused; retrying would only repeat the 401.
    rejected: () => false,
  };
}

/** Wraps `send` so every request carries the credentials' headers, with one retry after a 401 when they allow it. */
export function authorize(send: SendJson, credentials: Credentials): SendJson {
  const withHeaders = (request: JsonRequest, headers: Record<string, string>) =>
    send({ ...request, headers: { ...request.headers, ...headers } });

  return async function sendAuthorized(request): Promise<JsonResponse> {
    const headers = await credentials.headers();
    try {
      return await withHeaders(request, headers);
    } catch (error) {
      if (!isHttpError(error) || error.status !== 401 || !credentials.rejected(headers))
        throw error;
      return withHeaders(request, await credentials.headers());
    }
  };
}
