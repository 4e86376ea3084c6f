/**
 * @module `POST /oauth2/token` (protocol.md §6): anonymous and refresh_token grants for the
 * configured client id. JSON or form bodies, camelCase or snake_case names.
 */
import type { FastifyInstance } from "fastify";
import type { TokenService } from "../auth/tokens.ts";
import { ApiError, validationError, violation } from "../errors.ts";
import { isPlainObject } from "../query/values.ts";

export type OauthRoutesOptions = { tokens: TokenService; clientId: string };

function pick(body: Record<string, unknown>, camel: string, snake: string): unknown {
  return body[camel] ?? body[snake];
}

function requireString(value: unknown, field: string): string {
  if (typeof value !== "string" || value === "") {
    throw validationError([violation(field, "must be a non-empty string", "REQUIRED_FIELD")]);
  }
  return value;
}

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
    if (grantType !== "anonymous" && grantType !== "refresh_token") {
      throw new ApiError("UNSUPPORTED_GRANT_TYPE", [grantType]);
    }
    const clientId = requireString(pick(body, "clientId", "client_id"), "clientId");
    if (clientId !== options.clientId) throw new ApiError("INVALID_CLIENT", [clientId]);
    reply.header("cache-control", "no-store");
    if (grantType === "anonymous") return options.tokens.issueAnonymous();
    const refreshToken = requireString(pick(body, "refreshToken", "refresh_token"), "refreshToken");
    return options.tokens.refresh(refreshToken);
  });
}
