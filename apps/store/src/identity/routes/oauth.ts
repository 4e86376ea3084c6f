/**
 * @module `POST /oauth2/token` (docs/protocol.md §6): reads the grant type (JSON or form bodies,
 * camelCase or snake_case) and hands the request to its grant (identity/grants/, one file each).
 * Every member grant starts a session (identity/sessions.ts); a refresh rotates its token.
 */
import type { FastifyInstance } from "fastify";
import { ApiError, validationError, violation } from "../../platform/errors.ts";
import { isPlainObject } from "../../platform/query/values.ts";
import { type GrantDeps, grantOf, pick, requireString } from "../grants/index.ts";

export type OauthRoutesOptions = GrantDeps;

export async function oauthRoutes(
  app: FastifyInstance,
  options: OauthRoutesOptions,
): Promise<void> {
  app.post("/oauth2/token", async (request, reply) => {
    const body = request.body;
    if (!isPlainObject(body)) {
      throw validationError([
        violation("body", "must be a JSON or form-encoded object", "REQUIRED_FIELD"),
      ]);
    }
    const grantType = requireString(pick(body, "grantType", "grant_type"), "grantType");
    const grant = grantOf(grantType);
    if (grant === undefined) throw new ApiError("UNSUPPORTED_GRANT_TYPE", [grantType]);
    reply.header("cache-control", "no-store");
    return grant(options, {
      body,
      authorization: request.headers.authorization,
      client: { userAgent: request.headers["user-agent"], address: request.ip },
    });
  });
}
