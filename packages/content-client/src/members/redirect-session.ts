import { ResponseShapeError } from "../errors.ts";
import { isRecord } from "../is-record.ts";
import type { SendJson } from "../request.ts";
import { MemberPaths } from "./paths.ts";

/** The `redirectSession` of a redirect-session answer (docs/protocol.md §7.2). */
export interface RedirectSession {
  id: string;
  /** The page to open: our store's sign-in page for `auth` and `login`, the sign-out page for `logout`. */
  fullUrl: string;
  urlDetails: { endpoint: string; searchParams: Record<string, string> };
  sessionToken?: string;
  shortUrl?: string;
}

/**
 * Creates a redirect session (`POST /_api/redirects-api/v1/redirect-session`) with one intent
 * (`auth`, `login`, `logout`, ...) plus optional `callbacks`, `preferences` and `origin`.
 *
 * @throws {HttpError} when the store refuses the request (for example a redirect URI it does not allow).
 * @throws {ResponseShapeError} when the answer has no `fullUrl` or no `urlDetails.endpoint`.
 * @throws {NetworkError} or {TimeoutError} when the store cannot be reached.
 */
export async function createRedirectSession(
  send: SendJson,
  request: Record<string, unknown>,
): Promise<RedirectSession> {
  const response = await send({
    method: "POST",
    path: MemberPaths.redirectSession,
    body: JSON.stringify(request),
  });
  const session = isRecord(response.body) ? response.body.redirectSession : undefined;
  if (
    !isRecord(session) ||
    typeof session.fullUrl !== "string" ||
    !isRecord(session.urlDetails) ||
    typeof session.urlDetails.endpoint !== "string"
  ) {
    throw new ResponseShapeError(
      response.request,
      '{"redirectSession": {"fullUrl", "urlDetails": {"endpoint"}}}',
      response.body,
    );
  }
  return session as unknown as RedirectSession;
}
